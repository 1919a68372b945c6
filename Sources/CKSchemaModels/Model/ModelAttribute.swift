package import CKSchemaCore

/// One stored attribute of an entity (a SwiftData stored property that is not a relationship, or a Core
/// Data attribute). Computed and `@Transient` SwiftData properties are not attributes; transient Core Data
/// attributes are kept with `isTransient` so that rules can name them.
package struct ModelAttribute: Hashable, Sendable, Codable {
    /// The property name; the CloudKit field is `CD_` + this name.
    package var name: String
    package var type: ModelAttributeType
    /// The type as written in the source (`String?`, `[Tag]`, `Status`), for messages; `nil` for Core Data.
    package var declaredType: String?
    /// SwiftData: the declared type is optional. Core Data: `optional="YES"`.
    package var isOptional: Bool
    /// SwiftData: the declaration has an initial value (`var name = ""`). Core Data: `defaultValueString` (or
    /// a default on a non-string type). An `init` that assigns the property does not count (CloudKit needs the
    /// default in the model).
    package var hasDefault: Bool
    /// Core Data `transient="YES"`, or `NSCloudKitMirroringDelegateIgnoredPropertyKey` in its user info.
    package var isTransient: Bool
    /// `@Attribute(.allowsCloudEncryption)` / `allowsCloudEncryption="YES"`.
    package var allowsCloudEncryption: Bool
    /// `@Attribute(.externalStorage)` / `allowsExternalBinaryDataStorage="YES"`.
    package var allowsExternalStorage: Bool
    /// `@Attribute(.unique)` (also listed in the entity's `uniquenessConstraints`).
    package var isUnique: Bool
    /// `@Attribute(originalName:)` / the Core Data renaming identifier.
    package var originalName: String?
    package var location: SourceLocation?
    /// The default value as written (`""`, `Date.now`; Core Data `defaultValueString`), when there is one.
    package var defaultValue: String?
    /// The value transformer: `.transformable(by: X.self)` → `X`, Core Data `valueTransformerName`.
    package var transformerName: String?

    package init(
        name: String, type: ModelAttributeType, declaredType: String? = nil, isOptional: Bool = false,
        hasDefault: Bool = false, isTransient: Bool = false, allowsCloudEncryption: Bool = false,
        allowsExternalStorage: Bool = false, isUnique: Bool = false, originalName: String? = nil,
        location: SourceLocation? = nil, defaultValue: String? = nil, transformerName: String? = nil
    ) {
        self.name = name
        self.type = type
        self.declaredType = declaredType
        self.isOptional = isOptional
        self.hasDefault = hasDefault
        self.isTransient = isTransient
        self.allowsCloudEncryption = allowsCloudEncryption
        self.allowsExternalStorage = allowsExternalStorage
        self.isUnique = isUnique
        self.originalName = originalName
        self.location = location
        self.defaultValue = defaultValue
        self.transformerName = transformerName
    }
}

/// What an attribute holds, in Core Data's vocabulary (SwiftData property types map onto it). Derivation
/// turns each into a CloudKit field type (MODELS.md §2, docs/models.md).
package enum ModelAttributeType: String, Hashable, Sendable, Codable, CaseIterable {
    case string
    /// `Int`, `Int64`, and the smaller and unsigned integers (Integer 16/32/64).
    case integer16, integer32, integer64
    case double, float
    /// `Decimal` (stored as DOUBLE: precision is lost).
    case decimal
    case boolean
    case date
    /// `Data`, Binary Data.
    case binary
    case uuid
    /// `URL`, URI.
    case uri
    /// Transformable, and SwiftData values stored as archived data: `Codable` enums and structs, arrays,
    /// sets, dictionaries.
    case transformable
    /// A SwiftData property whose type is a `Codable` value declared in the scanned code (enum or struct):
    /// stored as BYTES like `transformable`, kept apart so that a note can say an enum cannot be queried.
    case codableValue
    /// Core Data "Object ID" (not supported with CloudKit).
    case objectID
    /// Core Data "Undefined" (not supported with CloudKit).
    case undefined
    /// A SwiftData type that could not be resolved in the scanned code: reported, never guessed.
    case unresolved
}
