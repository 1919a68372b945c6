package import CKSchemaCore

/// The persistent models of an app — SwiftData `@Model` classes or the entities of a Core Data
/// `.xcdatamodel` — as `NSPersistentCloudKitContainer` sees them: entities, their attributes and
/// relationships, and which of them are mirrored to CloudKit.
///
/// This is the interchange form between the readers and everything else: the SwiftData reader runs in
/// `ckschema-check-code` (it needs swift-syntax) and hands this value to `ckschema` as JSON
/// (`ckschema-check-code read-models PATH…`, see `DataModelReadResult`); the Core Data reader runs in
/// `ckschema` itself. Derivation (`DataModel` → CloudKit `Schema`) and the `check-models` rules read only
/// this type.
package struct DataModel: Hashable, Sendable, Codable {
    /// Every entity, in source order (file by file, then declaration order).
    package var entities: [ModelEntity]
    /// The containers and configurations the code or the model file declares, in source order.
    package var configurations: [ModelConfiguration]

    package init(entities: [ModelEntity] = [], configurations: [ModelConfiguration] = []) {
        self.entities = entities
        self.configurations = configurations
    }

    /// The entity called `name`, if there is one.
    package func entity(named name: String) -> ModelEntity? {
        entities.first { $0.name == name }
    }

    /// The two models together (a project with SwiftData files and a Core Data bundle).
    package func merged(with other: DataModel) -> DataModel {
        DataModel(entities: entities + other.entities, configurations: configurations + other.configurations)
    }
}

/// Where a model was declared.
package enum ModelSourceKind: String, Hashable, Sendable, Codable {
    /// A SwiftData `@Model` class.
    case swiftData
    /// An entity of a Core Data `.xcdatamodel`.
    case coreData
}

/// One entity: a SwiftData `@Model` class or a Core Data entity.
package struct ModelEntity: Hashable, Sendable, Codable {
    /// The entity name: the class name for SwiftData (bare, even when nested in a `VersionedSchema` enum),
    /// the entity's `name` for Core Data. The record type is `CD_` + the name of its inheritance root.
    package var name: String
    /// The Swift class (`representedClassName` for Core Data), when it differs from `name` or is known.
    package var className: String?
    /// The parent entity's name (Core Data `parentEntity`, a SwiftData subclass's superclass), if any.
    package var parent: String?
    package var isAbstract: Bool
    package var source: ModelSourceKind
    /// The enclosing types for a nested class (`SchemaV2` for `SchemaV2.Trip`), outermost first.
    package var enclosingTypes: [String]
    package var attributes: [ModelAttribute]
    package var relationships: [ModelRelationship]
    /// Uniqueness constraints: `#Unique<T>([\.a, \.b])`, `@Attribute(.unique)` (one property each), or Core
    /// Data `uniquenessConstraints`. Each is a list of property names.
    package var uniquenessConstraints: [ModelUniquenessConstraint]
    /// The Core Data configurations listing this entity (empty: the default configuration only).
    package var configurations: [String]
    /// Where the class or entity is declared.
    package var location: SourceLocation?
    /// The Core Data renaming identifier (`elementID` in the model file): the name of the entity it continues
    /// in an earlier model version. SwiftData has no entity-level one in its macros.
    package var renamingIdentifier: String?

    package init(
        name: String, className: String? = nil, parent: String? = nil, isAbstract: Bool = false,
        source: ModelSourceKind, enclosingTypes: [String] = [], attributes: [ModelAttribute] = [],
        relationships: [ModelRelationship] = [], uniquenessConstraints: [ModelUniquenessConstraint] = [],
        configurations: [String] = [], location: SourceLocation? = nil, renamingIdentifier: String? = nil
    ) {
        self.name = name
        self.className = className
        self.parent = parent
        self.isAbstract = isAbstract
        self.source = source
        self.enclosingTypes = enclosingTypes
        self.attributes = attributes
        self.relationships = relationships
        self.uniquenessConstraints = uniquenessConstraints
        self.configurations = configurations
        self.location = location
        self.renamingIdentifier = renamingIdentifier
    }
}

/// A uniqueness constraint over one or more properties.
package struct ModelUniquenessConstraint: Hashable, Sendable, Codable {
    package var properties: [String]
    package var location: SourceLocation?

    package init(properties: [String], location: SourceLocation? = nil) {
        self.properties = properties
        self.location = location
    }
}
