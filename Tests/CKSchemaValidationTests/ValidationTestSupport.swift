import CKSchemaCore
import CKSchemaValidation
import Testing

/// Schemas and helpers shared by the validation tests.
enum Fixtures {
    /// One field of every kind, plus the YAML metadata (`required`, `enum`, `bool`, reference targets).
    static let notes = Schema(recordTypes: [
        RecordType(name: "Note", fields: [
            Field(name: "title", type: .string, metadata: FieldMetadata(isRequired: true)),
            Field(name: "count", type: .int64),
            Field(name: "score", type: .double),
            Field(name: "created", type: .timestamp),
            Field(name: "blob", type: .bytes),
            Field(name: "place", type: .location),
            Field(name: "folder", type: .reference, metadata: FieldMetadata(referenceTarget: "Folder")),
            Field(name: "photo", type: .asset),
            Field(name: "amount", type: .number),
            Field(name: "weight", type: FieldType(.number(preferredAs: .double))),
            Field(name: "tags", type: .list(.string)),
            Field(name: "ratings", type: .list(.int64)),
            Field(name: "attachments", type: .list(.reference)),
            Field(name: "secret", type: FieldType.string.encrypted),
            Field(name: "mood", type: .string, metadata: FieldMetadata(logicalType: .enumeration(["happy", "sad"]))),
            Field(name: "isFavorite", type: .int64, metadata: FieldMetadata(logicalType: .bool)),
        ]),
        RecordType(name: "Folder", fields: [Field(name: "name", type: .string)]),
    ])

    /// A Web Services `Note` record (one NDJSON line) with a title plus `fields`, a JSON members fragment.
    static func note(_ fields: String = "", name: String = "n1", extra: String = "") -> String {
        let more = fields.isEmpty ? "" : "," + fields
        return #"{"recordName":""# + name + #"","recordType":"Note","fields":{"title":{"value":"t"}"# + more + "}"
            + extra + "}"
    }

    /// Validates `text` (one document, NDJSON or array) against `schema`.
    static func validate(_ text: String, schema: Schema = notes, options: ValidationOptions = ValidationOptions(parallelism: 1))
        -> ValidationResult {
        RecordValidator(schema: schema, options: options).validate(text: text, name: "records.json")
    }

    /// The IDs found in `text`, in order.
    static func ids(_ text: String, schema: Schema = notes,
                    options: ValidationOptions = ValidationOptions(parallelism: 1)) -> [DiagnosticID] {
        validate(text, schema: schema, options: options).diagnostics.map(\.id)
    }

    /// Options for cktool payloads of `recordType`.
    static func cktool(_ recordType: String) -> ValidationOptions {
        ValidationOptions(format: .cktoolFields(recordType: recordType), parallelism: 1)
    }
}
