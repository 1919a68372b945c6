/// One record type: its fields, the indexes on its system fields, its public-database grants and the
/// logical metadata the YAML format adds.
package struct RecordType: Hashable, Sendable {
    /// The name as CloudKit spells it, without quotes (`Note`, `cloudkit.share`, `CD_Item`).
    package var name: String
    /// User fields in declaration order. System fields live in `systemFieldIndexes`.
    package var fields: [Field]
    /// Indexes on the six implicit system fields. A system field with no index is absent: CloudKit keeps
    /// system fields whether or not a schema mentions them, and drops their indexes when it does not.
    package var systemFieldIndexes: [SystemField: FieldIndexes]
    /// Public-database permissions, in the order CloudKit lists them (exports keep creation order).
    package var grants: [Grant]
    /// YAML-only metadata: the database the type lives in, documentation, a Swift name.
    package var metadata: RecordTypeMetadata

    package init(
        name: String,
        fields: [Field] = [],
        systemFieldIndexes: [SystemField: FieldIndexes] = [:],
        grants: [Grant] = [],
        metadata: RecordTypeMetadata = RecordTypeMetadata()
    ) {
        self.name = name
        self.fields = fields
        self.systemFieldIndexes = systemFieldIndexes.filter { !$0.value.isEmpty }
        self.grants = grants
        self.metadata = metadata
    }

    /// The merge policy of `field`: its own, else the type's default, else `MergePolicy.implicitDefault`.
    package func mergePolicy(of field: Field) -> MergePolicy {
        field.metadata.mergePolicy ?? metadata.mergeDefault ?? .implicitDefault
    }

    /// Returns the field called `name`, if the type declares it.
    package func field(named name: String) -> Field? {
        fields.first { $0.name == name }
    }

    /// Returns the indexes on `systemField` (empty when it has none).
    package func indexes(on systemField: SystemField) -> FieldIndexes {
        systemFieldIndexes[systemField] ?? []
    }

    /// Sets the indexes on `systemField`, removing the entry when `indexes` is empty so that equality
    /// does not depend on whether a schema mentioned an unindexed system field.
    package mutating func setIndexes(_ indexes: FieldIndexes, on systemField: SystemField) {
        systemFieldIndexes[systemField] = indexes.isEmpty ? nil : indexes
    }

    /// The permissions granted to `role`, merged over every grant that names it.
    package func permissions(for role: String) -> Permissions {
        grants.filter { $0.role == role }.reduce(into: Permissions()) { $0.formUnion($1.permissions) }
    }

    /// Returns the type with its fields sorted by name (grant order is kept: CloudKit keeps it too).
    package func canonicalized() -> RecordType {
        var copy = self
        copy.fields.sort { $0.name < $1.name }
        return copy
    }

    /// Returns the type without YAML-only metadata.
    package func cloudKitOnly() -> RecordType {
        var copy = self
        copy.metadata = RecordTypeMetadata()
        copy.fields = fields.map { $0.cloudKitOnly() }
        return copy
    }
}

/// What the YAML format says about a record type beyond CloudKit's schema language.
package struct RecordTypeMetadata: Hashable, Sendable {
    /// The database the app stores this type in; `nil` when the schema does not say.
    package var database: Database?
    /// Documentation, carried into generated code and docs.
    package var documentation: String?
    /// The Swift type name to generate instead of the record type name.
    package var swiftName: String?
    /// The record zone the app stores this type in (private and shared databases); `nil` when the schema
    /// does not say, which means the default zone.
    package var zone: String?
    /// The merge policy of fields that declare none; `nil` for `MergePolicy.implicitDefault`.
    package var mergeDefault: MergePolicy?
    /// The TIMESTAMP field whose value orders the two sides for `latest`; `nil` for the records' modification
    /// dates.
    package var mergeClock: String?
    /// Where the type's public records are made; `nil` when the schema does not say, which means the app.
    package var createdIn: RecordOrigin?

    package init(database: Database? = nil, documentation: String? = nil, swiftName: String? = nil,
                zone: String? = nil, mergeDefault: MergePolicy? = nil, mergeClock: String? = nil,
                createdIn: RecordOrigin? = nil) {
        self.database = database
        self.documentation = documentation
        self.swiftName = swiftName
        self.zone = zone
        self.mergeDefault = mergeDefault
        self.mergeClock = mergeClock
        self.createdIn = createdIn
    }
}

/// The CloudKit database a record type is meant for. The schema itself is shared by all databases of a
/// container; this drives lint rules (public types need grants, cannot hold encrypted values) and codegen.
package enum Database: String, Hashable, Sendable, CaseIterable, Codable {
    case `private`
    case `public`
    case shared
}
