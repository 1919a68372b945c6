#if MCP  // the package trait that brings the MCP SDK (Package.swift)
import CKSchemaCore
import CKSchemaReporting
import CKSchemaService

extension ProjectTool {
    /// `ckschema convert INPUT [--to yaml|ckdb]`, returned instead of printed.
    static let convert = ProjectTool(
        name: "convert",
        description: """
            Convert a schema between YAML and CloudKit's schema language (.ckdb, in `cktool export-schema` layout) \
            and return the text; nothing is written. Use it to read an environment snapshot as YAML or to see the \
            .ckdb that `cktool import-schema` would take. Invalid input returns its errors instead.
            """,
        properties: [("input", ArgumentSchema.string("The schema, " + ArgumentSchema.schemaName + ".")),
                     ("to", ArgumentSchema.string("The output language (default: the other one).", enum: ["yaml", "ckdb"]))],
        required: ["input"],
        resultKeys: ["version", "language", "text", "notes"]
    ) { arguments, project throws(ServiceError) in
        let input = try arguments.requiredString("input")
        let target = try arguments.string("to").map { (name: String) throws(ServiceError) -> SchemaLanguage in
            guard let language = SchemaLanguage(rawValue: name) else { throw .invalidArgument("'to' must be yaml or ckdb") }
            return language
        }
        let (parsed, missing) = try project.loadSchema(input)
        let errors = SchemaConversion.errors(in: parsed, settings: project.configuration.lint)
        guard errors.isEmpty else {
            return ToolOutput(summary: "'\(input)' is not a valid schema; nothing was converted",
                              json: ReportFormat.json.reporter.render(errors, context: ReportContext(sources: parsed.sources)),
                              isError: true)
        }
        let language = target ?? SchemaConversion.defaultTarget(of: parsed, fromModels: false)
        let (text, note) = SchemaConversion.text(parsed.schema, in: language)
        let notes = [missing, note].compactMap { $0 }
        return ToolOutput(summary: (["converted '\(input)' to \(language.rawValue)"] + notes.map { "note: \($0)" })
                              .joined(separator: "\n"),
                          json: ToolOutput.document(Conversion(version: 1, language: language.rawValue, text: text, notes: notes)))
    }

    /// The `convert` tool's document.
    private struct Conversion: Encodable {
        let version: Int
        let language: String
        let text: String
        let notes: [String]
    }
}
#endif
