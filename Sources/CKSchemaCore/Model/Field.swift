/// One user field of a record type.
public struct Field: Hashable, Sendable {
    /// The key as CloudKit spells it, without quotes.
    public var name: String
    /// The CloudKit data type, including list-ness, encryption and a NUMBER preference.
    public var type: FieldType
    /// QUERYABLE / SORTABLE / SEARCHABLE.
    public var indexes: FieldIndexes
    /// YAML-only metadata that drives validation and code generation.
    public var metadata: FieldMetadata

    public init(name: String, type: FieldType, indexes: FieldIndexes = [], metadata: FieldMetadata = FieldMetadata()) {
        self.name = name
        self.type = type
        self.indexes = indexes
        self.metadata = metadata
    }

    /// Returns the field without YAML-only metadata.
    public func cloudKitOnly() -> Field {
        Field(name: name, type: type, indexes: indexes)
    }
}

/// What the YAML format says about a field beyond its CloudKit type.
public struct FieldMetadata: Hashable, Sendable {
    /// A logical type carried by the CloudKit type (`bool` on INT64, `enum` on STRING).
    public var logicalType: LogicalType?
    /// The record type a REFERENCE (or LIST<REFERENCE>) points at.
    public var referenceTarget: String?
    /// The action references written by the app carry.
    public var referenceAction: ReferenceAction?
    /// Whether records must carry a value for this field (validation, non-optional Swift property).
    public var isRequired: Bool
    /// The value to assume when a record lacks the field (codegen); must suit the field's type.
    public var defaultValue: LiteralValue?
    /// Documentation, carried into generated code and docs.
    public var documentation: String?
    /// The Swift property name to generate instead of the field name.
    public var swiftName: String?
    /// Why the field is deprecated, when it is: production can only grow, so a field the app stops using is
    /// deprecated rather than deleted. Generated code keeps reading it and stops writing it.
    public var deprecation: String?
    /// How the field merges when both sides of a save conflict changed it; `nil` for the record type's default.
    public var mergePolicy: MergePolicy?

    public init(
        logicalType: LogicalType? = nil,
        referenceTarget: String? = nil,
        referenceAction: ReferenceAction? = nil,
        isRequired: Bool = false,
        defaultValue: LiteralValue? = nil,
        documentation: String? = nil,
        swiftName: String? = nil,
        deprecation: String? = nil,
        mergePolicy: MergePolicy? = nil
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
    }

    /// Whether the field is deprecated.
    public var isDeprecated: Bool { deprecation != nil }

    /// Whether records written from now on must carry a value: required and not deprecated (a deprecated
    /// field is no longer written, so records without it are expected).
    public var requiresValue: Bool { isRequired && !isDeprecated }
}

/// A logical type the YAML format layers over a CloudKit type.
public enum LogicalType: Hashable, Sendable {
    /// A Boolean stored as INT64 0 or 1 (how Apple's own guides and Core Data store Booleans).
    case bool
    /// A closed set of string values stored as STRING.
    case enumeration([String])
}

/// What CloudKit does to a record when the record a reference points at is deleted.
public enum ReferenceAction: String, Hashable, Sendable, CaseIterable, Codable {
    /// Nothing: the reference dangles (`CKRecord.ReferenceAction.none`, Web Services `NONE`).
    case none
    /// The referring record is deleted too (`.deleteSelf`, `DELETE_SELF`).
    case deleteSelf
    /// Web Services only: the target must exist and is deleted after all sources (`VALIDATE`).
    case validate
}

/// A literal value in the YAML format (`default:`), kept untyped until a rule checks it against a field.
public indirect enum LiteralValue: Hashable, Sendable {
    case string(String)
    case integer(Int64)
    case double(Double)
    case bool(Bool)
    case list([LiteralValue])
}
