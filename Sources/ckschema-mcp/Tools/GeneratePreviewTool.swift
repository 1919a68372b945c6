#if MCP  // the package trait that brings the MCP SDK (Package.swift)
import CKSchemaCodegen
import CKSchemaCore
import CKSchemaService

extension ProjectTool {
    /// What `ckschema generate swift` writes for one record type, returned instead of written.
    static let generatePreview = ProjectTool(
        name: "generate_preview",
        description: """
            Return the Swift model that `ckschema generate swift` writes for one record type (value type, \
            CKRecord conversion, field keys, typed queries), with the project's generator options; nothing is \
            written. Use it to learn the generated API before writing code against it.
            """,
        properties: [("record_type", ArgumentSchema.string("The record type, e.g. JournalEntry.")),
                     ("schema", ArgumentSchema.string("The schema, " + ArgumentSchema.schemaName
                                                      + ". Default: the project schema."))],
        required: ["record_type"],
        resultKeys: ["version", "recordType", "file", "text", "diagnostics"]
    ) { arguments, project throws(ServiceError) in
        let recordType = try arguments.requiredString("record_type")
        let schema = try arguments.string("schema")
        let parsed = try project.loadSchema(schema).parsed
        let (file, diagnostics) = try SwiftPreview.generate(
            parsed, recordType: recordType, schemaPath: schema ?? project.configuration.schemaPaths.joined(separator: ", "),
            lint: project.configuration.lint, options: project.configuration.generators["swift"]?.options ?? [:])
        let document = Preview(version: 1, recordType: recordType, file: file?.name, text: file?.contents,
                               diagnostics: diagnostics.map(DiagnosticRecord.init))
        guard let file else {
            return ToolOutput(summary: "the schema has errors; nothing was generated for '\(recordType)'",
                              json: ToolOutput.document(document), isError: true)
        }
        return ToolOutput(summary: "\(file.name): the generated model of '\(recordType)'", json: ToolOutput.document(document))
    }

    /// The `generate_preview` tool's document.
    private struct Preview: Encodable {
        let version: Int
        let recordType: String
        let file: String?
        let text: String?
        let diagnostics: [DiagnosticRecord]
    }
}
#endif
