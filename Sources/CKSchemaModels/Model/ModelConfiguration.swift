package import CKSchemaCore

/// A container configuration found in the code or the model file: SwiftData
/// `ModelConfiguration(…, cloudKitDatabase: …)`, a Core Data configuration with or without
/// `cloudKitContainerOptions`. Which entities are mirrored follows from these (docs/models.md).
package struct ModelConfiguration: Hashable, Sendable, Codable {
    /// The configuration's name (`ModelConfiguration("Cache", …)`, a Core Data configuration); `nil` for an
    /// unnamed one.
    package var name: String?
    /// How it syncs.
    package var cloudKit: CloudKitMirroring
    /// The entities it holds, when the code says (`ModelConfiguration(schema: Schema([A.self, B.self]))`,
    /// `for: A.self, B.self`, a Core Data configuration's entity list); `nil` when it holds every model of
    /// the container.
    package var entities: [String]?
    /// The stack it configures: SwiftData's containers hold the `@Model` classes, a Core Data model's
    /// configurations its entities. `nil` when not known: it is taken to configure every stack.
    package var source: ModelSourceKind?
    package var location: SourceLocation?

    package init(name: String? = nil, cloudKit: CloudKitMirroring, entities: [String]? = nil,
                 source: ModelSourceKind? = nil, location: SourceLocation? = nil) {
        self.name = name
        self.cloudKit = cloudKit
        self.entities = entities
        self.source = source
        self.location = location
    }
}

/// Whether a configuration mirrors its store to CloudKit.
package enum CloudKitMirroring: Hashable, Sendable, Codable {
    /// `.automatic` (SwiftData's default): mirrored to the first container of the entitlements.
    case automatic
    /// `.private("iCloud.…")`: mirrored to that container's private database.
    case privateDatabase(container: String?)
    /// `.none`: local only.
    case none
    /// The code computes it (a variable, a condition): assumed mirrored, and said once.
    case unknown
}
