import CKSchemaCore

/// The `json-schema` generator: a JSON Schema (draft 2020-12) for CloudKit Web Services record dictionaries
/// of this schema (`{"recordName": …, "recordType": …, "fields": {"title": {"value": …, "type": "STRING"}}}`).
///
/// A document validates against it when it is one record of one of the schema's record types with fields of
/// the declared types; required fields must be present and no undeclared field may appear.
package struct JSONSchemaGenerator: SchemaGenerator {
    /// `json-schema`.
    package let name = "json-schema"
    /// The name of the JSON file written.
    package var fileName: String

    package init(fileName: String = "records.schema.json") {
        self.fileName = fileName
    }

    /// Writes the JSON Schema of `input.schema`'s records.
    package func generate(_ input: GeneratorInput) -> GenerationResult {
        let recordTypes = input.schema.recordTypes
        var definitions: [(String, JSONValue)] = recordTypes.map { ("record." + $0.name, record($0)) }
        definitions += WebServicesValues.definitions
        let document = JSONValue.object([
            ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
            ("$comment", .string(GeneratedHeader.text(schemaPath: input.schemaPath))),
            ("title", .string("CloudKit Web Services records")),
            ("description", .string("One record dictionary of a record type of \(input.schemaPath).")),
            ("oneOf", .array(recordTypes.map { reference(to: "record." + $0.name) })),
            ("$defs", .object(definitions)),
        ])
        return GenerationResult(files: [GeneratedFile(name: fileName, contents: document.prettyPrinted)],
                                diagnostics: [])
    }

    // MARK: - Records

    private func record(_ recordType: RecordType) -> JSONValue {
        let fields = recordType.fields.map { ($0.name, fieldDictionary($0)) }
        let required = recordType.fields.filter { $0.metadata.requiresValue }.map { JSONValue.string($0.name) }
        var fieldsSchema: [(String, JSONValue)] = [("type", .string("object")), ("properties", .object(fields))]
        if !required.isEmpty { fieldsSchema.append(("required", .array(required))) }
        fieldsSchema.append(("additionalProperties", .bool(false)))
        var pairs: [(String, JSONValue)] = []
        if let documentation = recordType.metadata.documentation {
            pairs.append(("description", .string(documentation)))
        }
        pairs += [
            ("type", .string("object")),
            ("properties", .object([
                ("recordName", .object([("type", .string("string")), ("minLength", .integer(1)),
                                        ("maxLength", .integer(255))])),
                ("recordType", .object([("const", .string(recordType.name))])),
                ("recordChangeTag", .object([("type", .string("string"))])),
                ("fields", .object(fieldsSchema)),
            ])),
            ("required", .array([.string("recordType"), .string("fields")])),
        ]
        return .object(pairs)
    }

    /// `{"value": …, "type": "STRING", "isEncrypted": true}`: the field dictionary of one field.
    private func fieldDictionary(_ field: Field) -> JSONValue {
        let element = WebServicesValues.schema(for: field)
        let value: JSONValue = field.type.isList ? .object([("type", .string("array")), ("items", element)]) : element
        var properties: [(String, JSONValue)] = [
            ("value", value),
            ("type", .object([("enum", .array(WebServicesValues.typeNames(for: field.type).map(JSONValue.string)))])),
        ]
        properties.append(("isEncrypted", .object([("const", .bool(field.type.isEncrypted))])))
        var pairs: [(String, JSONValue)] = []
        if let documentation = field.metadata.documentation { pairs.append(("description", .string(documentation))) }
        // Draft 2020-12's annotation: tools flag new data that still uses the field.
        if field.metadata.isDeprecated { pairs.append(("deprecated", .bool(true))) }
        pairs += [
            ("type", .string("object")),
            ("properties", .object(properties)),
            ("required", .array([.string("value")])),
            ("additionalProperties", .bool(false)),
        ]
        return .object(pairs)
    }

    private func reference(to definition: String) -> JSONValue {
        .object([("$ref", .string("#/$defs/" + Self.pointerEscaped(definition)))])
    }

    /// `name` escaped for a JSON pointer (RFC 6901): `~` as `~0`, `/` as `~1`.
    static func pointerEscaped(_ name: String) -> String {
        name.replacingAll("~", with: "~0").replacingAll("/", with: "~1")
    }
}
