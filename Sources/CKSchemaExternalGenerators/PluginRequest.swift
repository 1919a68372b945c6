import CKSchemaCodegen
package import CKSchemaCore

/// What an external generator receives on standard input (protocol version 1, docs/generators.md): the
/// protocol version, the generator name, the schema path, the header generated files start with, the user's
/// parameters and the schema (`SchemaDocument`). Its answer is a `PluginResponse`.
package enum PluginRequest {
    /// The protocol version this ckschema speaks, in requests and in the responses it accepts.
    package static let version: Int64 = SchemaDocument.version

    /// The request for running `generator` on `schema` read from `schemaPath`.
    package static func json(generator: String, schemaPath: String, parameters: [(String, String)], schema: Schema) -> JSONValue {
        .object([
            ("version", .integer(version)),
            ("generator", .string(generator)),
            ("schemaPath", .string(schemaPath)),
            ("header", .string(GeneratedHeader.text(schemaPath: schemaPath))),
            ("parameters", .object(parameters.map { ($0.0, .string($0.1)) })),
            ("schema", SchemaDocument.encode(schema)),
        ])
    }
}
