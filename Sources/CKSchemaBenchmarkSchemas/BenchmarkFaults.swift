package import CKSchemaCore

/// Mistakes injected into a benchmark schema, so that a run exercises every path that reports something —
/// located findings, notes, source-map lookups — and so that optimisations can be checked to leave the
/// findings exactly as they were.
extension BenchmarkSchema {
    /// `schema` with a deterministic fault in every fifth record type, cycling through faults that lint
    /// reports in both YAML and `.ckdb` (and a few only YAML can state).
    package static func injectingFaults(into schema: Schema) -> Schema {
        var schema = schema
        for index in schema.recordTypes.indices where index.isMultiple(of: 5) {
            inject(fault: index / 5, into: &schema.recordTypes[index], typeCount: schema.recordTypes.count)
        }
        return schema
    }

    private static func inject(fault: Int, into type: inout RecordType, typeCount: Int) {
        let name = type.name
        switch fault % 10 {
        case 0:  // an encrypted field with an index, and SEARCHABLE on a number
            type.fields.append(Field(name: "secret", type: FieldType.string.encrypted, indexes: [.queryable]))
            type.fields.append(Field(name: "count", type: .int64, indexes: [.searchable]))
        case 1:  // names that differ only in case, and a reserved system prefix
            type.fields.append(Field(name: "Title", type: .string))
            type.fields.append(Field(name: "title", type: .string))
            type.fields.append(Field(name: "___mine", type: .string))
        case 2:  // an indexed asset, SORTABLE on a reference and a list, bytes indexed
            type.fields.append(Field(name: "photo", type: .asset, indexes: [.queryable]))
            type.fields.append(Field(name: "owner", type: .reference, indexes: [.sortable]))
            type.fields.append(Field(name: "tags", type: .list(.string), indexes: [.sortable]))
            type.fields.append(Field(name: "blob", type: .bytes, indexes: [.queryable]))
        case 3:  // a grant to a role nobody declared, and no queryable record ID
            type.grants.append(Grant(.read, to: "Editor\(name)"))
            type.systemFieldIndexes[.recordID] = nil
        case 4:  // a public type without grants
            type.grants = []
            type.metadata.database = .public
        case 5:  // a field named like a CKRecord property, and a Core Data prefix outside Core Data
            type.fields.append(Field(name: "recordID", type: .string))
            type.fields.append(Field(name: "CD_entity", type: .string))
        case 6:  // YAML metadata that contradicts itself: a default outside the enum, a reference to nothing
            var mood = FieldMetadata()
            mood.logicalType = .enumeration(["happy", "sad"])
            mood.defaultValue = .string("angry")
            type.fields.append(Field(name: "mood", type: .string, metadata: mood))
            var parent = FieldMetadata()
            parent.referenceTarget = "Missing\(typeCount)"
            type.fields.append(Field(name: "parent", type: .reference, metadata: parent))
        case 7:  // a NUMBER field, and a name that needs quotes
            type.fields.append(Field(name: "amount", type: .number))
            type.fields.append(Field(name: "odd name", type: .string))
        case 8:  // two fields with one Swift name
            type.fields.append(Field(name: "due-date", type: .timestamp))
            type.fields.append(Field(name: "dueDate", type: .timestamp))
        default:  // more fields than CloudKit allows in one record type
            type.fields += (0..<60).map { Field(name: "extra\($0)", type: .string) }
        }
    }
}
