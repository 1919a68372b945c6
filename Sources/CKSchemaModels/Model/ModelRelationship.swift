package import CKSchemaCore

/// One relationship of an entity.
package struct ModelRelationship: Hashable, Sendable, Codable {
    /// The property name; a to-one relationship is the CloudKit field `CD_` + this name.
    package var name: String
    /// The destination entity's name.
    package var destination: String
    package var isToMany: Bool
    /// SwiftData: the declared type is optional (`Trip?`, `[Trip]?`). Core Data: `optional="YES"`.
    package var isOptional: Bool
    /// The inverse relationship's name on the destination, when declared (`@Relationship(inverse: \Trip.owner)`
    /// on either side, or Core Data `inverseName`).
    package var inverse: String?
    package var deleteRule: ModelDeleteRule
    /// Core Data `ordered="YES"` (not supported with CloudKit).
    package var isOrdered: Bool
    /// Core Data `minCount` / `maxCount` (`nil` when not set).
    package var minCount: Int?
    package var maxCount: Int?
    /// The type as written in the source (`[Trip]?`), for messages; `nil` for Core Data.
    package var declaredType: String?
    package var location: SourceLocation?
    /// `@Relationship(originalName:)` / the Core Data renaming identifier: the name it had in an earlier version.
    package var originalName: String?

    package init(
        name: String, destination: String, isToMany: Bool, isOptional: Bool = true, inverse: String? = nil,
        deleteRule: ModelDeleteRule = .nullify, isOrdered: Bool = false, minCount: Int? = nil, maxCount: Int? = nil,
        declaredType: String? = nil, location: SourceLocation? = nil, originalName: String? = nil
    ) {
        self.name = name
        self.destination = destination
        self.isToMany = isToMany
        self.isOptional = isOptional
        self.inverse = inverse
        self.deleteRule = deleteRule
        self.isOrdered = isOrdered
        self.minCount = minCount
        self.maxCount = maxCount
        self.declaredType = declaredType
        self.location = location
        self.originalName = originalName
    }
}

/// What deleting the source does to the destination.
package enum ModelDeleteRule: String, Hashable, Sendable, Codable {
    case nullify, cascade, deny, noAction
}
