/// One user field of a record type.
package struct Field: Hashable, Sendable {
    /// The key as CloudKit spells it, without quotes.
    package var name: String
    /// The CloudKit data type, including list-ness, encryption and a NUMBER preference.
    package var type: FieldType
    /// QUERYABLE / SORTABLE / SEARCHABLE.
    package var indexes: FieldIndexes
    /// YAML-only metadata that drives validation and code generation.
    package var metadata: FieldMetadata

    package init(name: String, type: FieldType, indexes: FieldIndexes = [], metadata: FieldMetadata = FieldMetadata()) {
        self.name = name
        self.type = type
        self.indexes = indexes
        self.metadata = metadata
    }

    /// Returns the field without YAML-only metadata.
    package func cloudKitOnly() -> Field {
        Field(name: name, type: type, indexes: indexes)
    }
}

/// What the YAML format says about a field beyond its CloudKit type.
package struct FieldMetadata: Hashable, Sendable {
    /// A logical type carried by the CloudKit type (`bool` on INT64, `enum` on STRING).
    package var logicalType: LogicalType?
    /// The record type a REFERENCE (or LIST<REFERENCE>) points at.
    package var referenceTarget: String?
    /// The action references written by the app carry.
    package var referenceAction: ReferenceAction?
    /// Whether records must carry a value for this field (validation, non-optional Swift property).
    package var isRequired: Bool
    /// The value to assume when a record lacks the field (codegen); must suit the field's type.
    package var defaultValue: LiteralValue?
    /// Documentation, carried into generated code and docs.
    package var documentation: String?
    /// The Swift property name to generate instead of the field name.
    package var swiftName: String?
    /// Why the field is deprecated, when it is: production can only grow, so a field the app stops using is
    /// deprecated rather than deleted. Generated code keeps reading it and stops writing it.
    package var deprecation: String?
    /// How the field merges when both sides of a save conflict changed it; `nil` for the record type's default.
    package var mergePolicy: MergePolicy?
    /// Where the field's value used to live (`renamedFrom` / `replaces`), when it took over from a retired field.
    package var migration: FieldMigration?

    package init(
        logicalType: LogicalType? = nil,
        referenceTarget: String? = nil,
        referenceAction: ReferenceAction? = nil,
        isRequired: Bool = false,
        defaultValue: LiteralValue? = nil,
        documentation: String? = nil,
        swiftName: String? = nil,
        deprecation: String? = nil,
        mergePolicy: MergePolicy? = nil,
        migration: FieldMigration? = nil
    ) {
        self.logicalType = logicalType
        self.referenceTarget = referenceTarget
        self.referenceAction = referenceAction
        self.isRequired = isRequired
        self.defaultValue = defaultValue
        self.documentation = documentation
        self.swiftName = swiftName
        self.deprecation = deprecation
        self.mergePolicy = mergePolicy
        self.migration = migration
    }

    /// Whether the field is deprecated.
    package var isDeprecated: Bool { deprecation != nil }

    /// Whether records written from now on must carry a value: required and not deprecated (a deprecated
    /// field is no longer written, so records without it are expected).
    package var requiresValue: Bool { isRequired && !isDeprecated }
}

/// A logical type the YAML format layers over a CloudKit type.
package enum LogicalType: Hashable, Sendable {
    /// A Boolean stored as INT64 0 or 1 (how Apple's own guides and Core Data store Booleans).
    case bool
    /// A closed set of string values stored as STRING.
    case enumeration([String])
}

/// What CloudKit does to a record when the record a reference points at is deleted.
package enum ReferenceAction: String, Hashable, Sendable, CaseIterable, Codable {
    /// Nothing: the reference dangles (`CKRecord.ReferenceAction.none`, Web Services `NONE`).
    case none
    /// The referring record is deleted too (`.deleteSelf`, `DELETE_SELF`).
    case deleteSelf
    /// Web Services only: the target must exist and is deleted after all sources (`VALIDATE`).
    case validate
}

/// A literal value in the YAML format (`default:`), kept untyped until a rule checks it against a field.
package indirect enum LiteralValue: Hashable, Sendable {
    case string(String)
    case integer(Int64)
    case double(Double)
    case bool(Bool)
    case list([LiteralValue])
}
