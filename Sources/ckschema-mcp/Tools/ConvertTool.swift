#if MCP  // the package trait that brings the MCP SDK (Package.swift)
import CKSchemaCore
import CKSchemaReporting
import CKSchemaService
import Foundation

extension ProjectTool {
    /// `ckschema convert INPUT [--to yaml|ckdb] [-o OUTPUT]`, the text returned, and written only when the server
    /// allows writes and an output is named.
    static let convert = ProjectTool(
        name: "convert",
        description: """
            Convert a schema between YAML and CloudKit's schema language (.ckdb, in `cktool export-schema` layout) \
            and return the text. Use it to read an environment snapshot or models as YAML or to see the .ckdb that \
            `cktool import-schema` would take. With `output` (a file, or a folder: one YAML file per record type) \
            it writes there as `ckschema convert -o` does, atomically and inside the project — only when the \
            server was started with --allow-writes. Invalid input returns its errors instead.
            """,
        properties: [("input", ArgumentSchema.string("The schema, " + ArgumentSchema.schemaName + ".")),
                     ("to", ArgumentSchema.string("The output language (default: from the output's extension, else "
                                                  + "the other one).", enum: ["yaml", "ckdb"])),
                     ("output", ArgumentSchema.string("Where to write, in the project: a file, or a folder (ends with / "
                                                      + "or exists) for one YAML file per record type. Needs "
                                                      + "--allow-writes."))],
        required: ["input"],
        resultKeys: ["version", "language", "text", "notes", "output", "written"],
        writes: true
    ) { arguments, project throws(ServiceError) in
        let input = try arguments.requiredString("input")
        let target = try arguments.string("to").map { (name: String) throws(ServiceError) -> SchemaLanguage in
            guard let language = SchemaLanguage(rawValue: name) else { throw .invalidArgument("'to' must be yaml or ckdb") }
            return language
        }
        // Refused before anything is read when the server writes nothing.
        let output = try arguments.string("output").map { (path: String) throws(ServiceError) in try project.writable(path) }
        let (parsed, missing) = try project.loadSchema(input)
        let errors = SchemaConversion.errors(in: parsed, settings: project.configuration.lint)
        guard errors.isEmpty else {
            return ToolOutput(summary: "'\(input)' is not a valid schema; nothing was " + (output == nil ? "converted" : "written"),
                              json: ReportFormat.json.reporter.render(errors, context: ReportContext(sources: parsed.sources)),
                              isError: true)
        }
        let converted = try ConversionOutput.plan(parsed, input: input, output: output, language: target, split: false)
        var document = Conversion(version: 1, language: SchemaLanguage.yaml.rawValue, text: nil, notes: [missing].compactMap { $0 },
                                  output: output, written: [])
        if case .file(let text, let language, let note) = converted {
            document.language = language.rawValue
            document.text = text
            document.notes += [note].compactMap { $0 }
        }
        var summary = "converted '\(input)' to \(document.language)"
        if let output {
            summary = try converted.write(to: output)
            if case .folder(let files) = converted {
                document.written = files.map { (output as NSString).appendingPathComponent($0.name) }
            } else {
                document.written = [output]
            }
        }
        return ToolOutput(summary: ([summary] + document.notes.map { "note: \($0)" }).joined(separator: "\n"),
                          json: ToolOutput.document(document))
    }

    /// The `convert` tool's document.
    private struct Conversion: Encodable {
        let version: Int
        var language: String
        /// The converted text (a folder's files are only written).
        var text: String?
        var notes: [String]
        /// Where it was written, when it was.
        let output: String?
        var written: [String]
    }
}
#endif
