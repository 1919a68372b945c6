import CKSchemaCore

/// The merge policy every field of a schema ends up with, and where it was written: on the field, or as its
/// record type's default. The merge rules judge these.
struct EffectiveMergePolicy {
    let recordType: RecordType
    let field: Field
    let policy: MergePolicy

    /// Where to report a problem with the policy: the field's `merge`, else the type's `merge`, else the field.
    var paths: [SchemaPath] {
        field.metadata.mergePolicy != nil
            ? [.fieldKey(recordType.name, field.name, "merge"), .field(recordType.name, field.name)]
            : [.recordTypeKey(recordType.name, "merge"), .field(recordType.name, field.name)]
    }

    /// `field 'title' of record type 'Note'`, with `(the type's default)` when the policy came from the type.
    var subject: String {
        Describe.field(field.name, of: recordType.name)
            + (field.metadata.mergePolicy == nil ? " (by the type's default 'merge')" : "")
    }

    /// The field's type as the YAML format names it.
    var typeName: String { field.type.yamlName(asBool: field.metadata.logicalType == .bool) }

    /// Every field with a declared policy (its own or its type's); fields left to the implicit `server` merge
    /// the way any value can.
    static func all(in schema: Schema) -> [EffectiveMergePolicy] {
        schema.recordTypes.flatMap { type in
            type.fields.compactMap { field in
                (field.metadata.mergePolicy ?? type.metadata.mergeDefault).map {
                    EffectiveMergePolicy(recordType: type, field: field, policy: $0)
                }
            }
        }
    }

    /// Whether the field holds single numbers (INT64, DOUBLE, NUMBER), not Booleans.
    var holdsNumbers: Bool {
        guard !field.type.isList, field.metadata.logicalType != .bool else { return false }
        switch field.type.primitive {
        case .int64, .double, .number: return true
        default: return false
        }
    }

    /// Whether the field holds single timestamps.
    var holdsTimestamps: Bool { !field.type.isList && field.type.primitive == .timestamp }
}
