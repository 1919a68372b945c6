import CKSchemaCore

/// The schema the codegen benchmark generates from: `types` record types of `fields` fields each, cycling
/// through every kind of field the Swift generator maps (values, lists, bool, enum, references, locations,
/// assets, encrypted and required fields), with every merge policy the field suits: the types merge `latest` by
/// their first timestamp field, counters `sum`, doubles `max`, numbers `min`, lists `union`, Booleans `client`.
enum CodegenWorkload {
    /// The kinds of field, in the order fields cycle through them.
    enum Kind: CaseIterable {
        case string, int64, double, timestamp, bytes, bool, enumeration, reference, stringList, location, asset
        case encryptedString, int64List, requiredString, number, referenceList
    }

    /// The enum values of enumeration fields.
    static let enumValues = ["draft", "published", "archived", "deleted"]

    /// The kind of field number `index`.
    static func kind(ofField index: Int) -> Kind {
        Kind.allCases[index % Kind.allCases.count]
    }

    /// The name of record type number `index` (`Type007`).
    static func typeName(_ index: Int) -> String {
        "Type" + padded(index)
    }

    /// The name of field number `index` (`f012`).
    static func fieldName(_ index: Int) -> String {
        "f" + padded(index)
    }

    /// The schema: references point at the next record type, reference lists at the previous one. With
    /// `migrations`, each type's first DOUBLE field replaces its first INT64 field (`replaces`, `dualWrite`).
    static func schema(types: Int, fields: Int, migrations: Bool = false) -> Schema {
        var schema = Schema()
        for typeIndex in 0..<types {
            let next = typeName((typeIndex + 1) % types)
            let previous = typeName((typeIndex + types - 1) % types)
            var recordType = RecordType(name: typeName(typeIndex))
            for fieldIndex in 0..<fields {
                var field = field(fieldIndex, next: next, previous: previous)
                field.metadata.mergePolicy = mergePolicy(of: kind(ofField: fieldIndex))
                recordType.fields.append(field)
            }
            if migrations { addMigration(to: &recordType) }
            recordType.metadata.mergeDefault = .latest
            recordType.metadata.mergeClock = recordType.fields.first { $0.type == .timestamp }?.name
            schema.recordTypes.append(recordType)
        }
        return schema
    }

    private static func field(_ index: Int, next: String, previous: String) -> Field {
        let name = fieldName(index)
        switch kind(ofField: index) {
        case .string: return Field(name: name, type: .string, indexes: [.queryable])
        case .int64: return Field(name: name, type: .int64)
        case .double: return Field(name: name, type: .double)
        case .timestamp: return Field(name: name, type: .timestamp, indexes: [.sortable])
        case .bytes: return Field(name: name, type: .bytes)
        case .bool: return Field(name: name, type: .int64, metadata: FieldMetadata(logicalType: .bool))
        case .enumeration:
            return Field(name: name, type: .string, metadata: FieldMetadata(logicalType: .enumeration(enumValues)))
        case .reference:
            return Field(name: name, type: .reference,
                         metadata: FieldMetadata(referenceTarget: next, referenceAction: ReferenceAction.none))
        case .stringList: return Field(name: name, type: .list(.string))
        case .location: return Field(name: name, type: .location)
        case .asset: return Field(name: name, type: .asset)
        case .encryptedString: return Field(name: name, type: .string.encrypted)
        case .int64List: return Field(name: name, type: .list(.int64))
        case .requiredString: return Field(name: name, type: .string, metadata: FieldMetadata(isRequired: true))
        case .number: return Field(name: name, type: FieldType(.number(preferredAs: .double)))
        case .referenceList:
            return Field(name: name, type: .list(.reference), metadata: FieldMetadata(referenceTarget: previous))
        }
    }

    /// The retired INT64 field and the DOUBLE field that replaces it in each type of the `migrations` variant.
    static let migration = (old: fieldName(1), new: fieldName(2))

    /// Declares `migration.new` as replacing `migration.old` (INT64 → DOUBLE, written back: `lossy`); the retired
    /// field loses its merge policy (the pair merges by the new field's).
    private static func addMigration(to recordType: inout RecordType) {
        guard let index = recordType.fields.firstIndex(where: { $0.name == migration.new }),
              let old = recordType.fields.firstIndex(where: { $0.name == migration.old }) else { return }
        recordType.fields[old].metadata.mergePolicy = nil
        recordType.fields[index].metadata.migration = FieldMigration(
            kind: .retype, oldField: migration.old, oldType: .int64, dualWrite: true, lossy: true)
    }

    /// The merge policy fields of `kind` declare; `nil` for the type's `latest`.
    static func mergePolicy(of kind: Kind) -> MergePolicy? {
        switch kind {
        case .int64: .sum
        case .double: .max
        case .number: .min
        case .stringList, .int64List, .referenceList: .union
        case .bool: .client
        default: nil
        }
    }

    private static func padded(_ number: Int) -> String {
        let text = String(number)
        return String(repeating: "0", count: max(0, 3 - text.count)) + text
    }
}
