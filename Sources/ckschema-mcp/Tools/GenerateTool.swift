#if MCP  // the package trait that brings the MCP SDK (Package.swift)
import CKSchemaCodegen
import CKSchemaCore
import CKSchemaReporting
import CKSchemaService

extension ProjectTool {
    /// `ckschema generate NAME [--check]` with a built-in generator, into the output ckschema.yaml configures.
    static let generate = ProjectTool(
        name: "generate",
        description: """
            Run a built-in generator (swift: typed models with CKRecord conversion; ckdb; json-schema; docs) into \\
            the output folder ckschema.yaml configures for it (`generate.NAME.output`), as `ckschema generate NAME` \\
            does: only changed files are written, all or nothing, and files it generated earlier and no longer \\
            produces are removed. Writing needs the server started with --allow-writes; with `check` it writes \\
            nothing and lists the stale files (always allowed). Use it after a schema change, then build.
            """,
        properties: [("generator", ArgumentSchema.string("The built-in generator.", enum: BuiltInGenerators.names)),
                     ("schema", ArgumentSchema.string("The schema, " + ArgumentSchema.schemaName
                                                      + ". Default: the project schema.")),
                     ("check", ArgumentSchema.boolean("Write nothing; list the files that are not current."))],
        required: ["generator"],
        resultKeys: ["version", "generator", "output", "current", "written", "unchanged", "removed", "stale", "diagnostics"],
        writes: true
    ) { arguments, project throws(ServiceError) in
        let name = try arguments.requiredString("generator")
        let check = try arguments.bool("check")
        let schema = try arguments.string("schema")
        let settings = project.configuration.generators[name] ?? GeneratorSettings()
        guard BuiltInGenerators.names.contains(name) else {
            throw .invalidArgument("'generator' must be one of " + BuiltInGenerators.names.joined(separator: ", ")
                + " (external generators run only from the command line)")
        }
        // Refused before anything is read when the server writes nothing.
        guard check || project.allowsWrites else { throw .readOnly(settings.output ?? "generate.\(name).output") }
        guard let configured = settings.output.map(project.project.path) else {
            throw .invalidArgument("no output folder: set 'generate.\(name).output' in ckschema.yaml")
        }
        // Checking reads the folder; writing it is confined as every written path is.
        let folder = check ? try project.folder.confine(configured) : try project.writable(configured)
        let arguments = try schema.map { (name: String) throws(ServiceError) in [try project.confined(name)] } ?? []
        let parsed = try project.loadSchema(schema).parsed
        let generation = try project.project.generation(parsed, schemaArguments: arguments, generator: name,
                                                        into: folder) { (input) throws(ServiceError) in
            do throws(GeneratorOptionError) {
                return try (BuiltInGenerators.make(name, options: settings.options) ?? SwiftGenerator()).generate(input)
            } catch {
                throw .couldNotRun(error.message)
            }
        }
        let plan = generation.output
        var document = Generation(version: 1, generator: name, output: folder, current: plan.isCurrent,
                                  diagnostics: generation.diagnostics.map(DiagnosticRecord.init))
        if check {
            document.stale = plan.writes.map { $0.file.name } + plan.obsolete
            let summary = plan.isCurrent ? "'\(folder)' is current" : plan.staleDescription
            return ToolOutput(summary: summary, json: ToolOutput.document(document))
        }
        try plan.apply()
        document.written = plan.writes.map { $0.file.name }
        document.unchanged = plan.unchanged
        document.removed = plan.obsolete
        return ToolOutput(summary: plan.summary, json: ToolOutput.document(document))
    }

    /// The `generate` tool's document: what was written (or, checking, what is stale), relative to `output`.
    private struct Generation: Encodable {
        let version: Int
        let generator: String
        let output: String
        /// Whether the folder already held exactly the generated files.
        let current: Bool
        var written: [String] = []
        var unchanged: [String] = []
        var removed: [String] = []
        var stale: [String] = []
        let diagnostics: [DiagnosticRecord]
    }
}
#endif
