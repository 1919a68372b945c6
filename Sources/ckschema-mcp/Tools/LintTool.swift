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
            deploy_plan; fix errors, then run it again. Default: the project schema.
            """,
        properties: [("paths", ArgumentSchema.strings("What to lint, each " + ArgumentSchema.schemaName
                                                      + ". Default: the project schema."))],
        resultKeys: ArgumentSchema.diagnosticsKeys
    ) { arguments, project throws(ServiceError) in
        let (schemas, notes) = try project.loadSchemas(try arguments.strings("paths"))
        let diagnostics = SchemaLint.run(schemas, settings: project.configuration.lint, configuration: project.diagnostics,
                                         production: ProductionBaseline(snapshotPath: project.snapshotPath(.production)))
        let json = ReportFormat.json.reporter.render(
            diagnostics, context: ReportContext(sources: SchemaLint.sources(schemas, configFile: project.configFile)))
        let summary = diagnostics.isEmpty ? SchemaLint.cleanSummary(schemas) : SchemaLint.findingsSummary(diagnostics)
        return ToolOutput(summary: (notes.map { "note: \($0)" } + [summary]).joined(separator: "\n"), json: json)
    }
}
#endif
