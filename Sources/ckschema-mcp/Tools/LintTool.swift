#if MCP  // the package trait that brings the MCP SDK (Package.swift)
import CKSchemaCore
import CKSchemaReporting
import CKSchemaService

extension ProjectTool {
    /// `ckschema lint --format json [PATH…]`.
    static let lint = ProjectTool(
        name: "lint",
        description: """
            Check CloudKit schema files against every lint rule (the same findings and JSON as `ckschema lint \
            --format json`). Use it after every edit of a schema file (schemas/*.yaml, *.ckdb) and before diff or \
            deploy_plan; fix errors, then run it again. Default: the project schema (its models' schema in a \
            project whose ckschema.yaml names models), whose access tests (under `access:`) run too.
            """,
        properties: [("paths", ArgumentSchema.strings("What to lint, each " + ArgumentSchema.schemaName
                                                      + ". Default: the project schema and its access tests."))],
        resultKeys: ArgumentSchema.diagnosticsKeys
    ) { arguments, project throws(ServiceError) in
        let paths = try arguments.strings("paths")
        let (schemas, notes) = try project.loadSchemas(paths)
        let lint = try project.project.lint(schemas, paths: paths)
        let json = ReportFormat.json.reporter.render(lint.diagnostics, context: ReportContext(sources: lint.sources))
        let summary = lint.diagnostics.isEmpty ? SchemaLint.cleanSummary(schemas) : SchemaLint.findingsSummary(lint.diagnostics)
        // As `ckschema lint` exits 2: an access test names what the schema lacks, so it judged nothing.
        return ToolOutput(summary: (notes.map { "note: \($0)" } + [summary]).joined(separator: "\n"), json: json,
                          isError: lint.hasInvalidTests)
    }
}
#endif
