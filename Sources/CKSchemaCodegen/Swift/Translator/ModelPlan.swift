import CKSchemaCore

/// What the Swift generator decided for one record type: its Swift names and the shape of every field.
struct ModelPlan: Hashable, Sendable {
    /// The record type as the schema declares it.
    var recordType: RecordType
    /// The Swift type name, unescaped.
    var typeName: String
    /// The fields, in schema order.
    var fields: [FieldPlan]

    /// Whether any field holds locations, so the CloudKit part needs Core Location.
    var usesLocations: Bool {
        fields.contains { $0.kind == .location }
    }
}

/// What the Swift generator decided for one field.
struct FieldPlan: Hashable, Sendable {
    /// The field as the schema declares it.
    var field: Field
    /// The Swift property name (also the field-key case name), unescaped.
    var propertyName: String
    /// What one value is in Swift.
    var kind: ValueKind
    /// The Swift expression of the default value, when the schema gives one.
    var defaultExpression: String?
    /// The nested enum generated for an `enum` field.
    var enumeration: EnumerationPlan?

    /// Whether the field holds a list.
    var isList: Bool { field.type.isList }
    /// Whether values go through `record.encryptedValues`.
    var isEncrypted: Bool { field.type.isEncrypted }
    /// Whether the Swift property is optional: neither required nor defaulted.
    var isOptional: Bool { !field.metadata.isRequired && defaultExpression == nil }
}

/// The kind of one field value, which decides its Swift type and how it is read and written.
enum ValueKind: Hashable, Sendable {
    case string
    case int64
    case double
    /// INT64 holding 0 or 1, as `Bool`.
    case bool
    case timestamp
    case bytes
    /// A file URL in Swift, a `CKAsset` in the record.
    case asset
    /// `CloudKitSchema.Location` in Swift, a `CLLocation` in the record.
    case location
    /// A STRING holding one of the listed values, as the nested enum `typeName`.
    case enumeration(typeName: String)
    /// A typed record ID in Swift, a `CKRecord.Reference` in the record; `targetTypeName` is the Swift type of
    /// the target, or `nil` when the schema names none.
    case reference(targetTypeName: String?)
}

/// The nested `RawRepresentable` enum generated for an `enum` field.
struct EnumerationPlan: Hashable, Sendable {
    /// One listed value and the case that stands for it.
    struct Case: Hashable, Sendable {
        var value: String
        /// The case name, unescaped.
        var name: String
    }

    /// The enum's name, unescaped.
    var typeName: String
    /// The listed values in schema order, duplicates removed.
    var cases: [Case]
}
