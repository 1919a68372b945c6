#if MCP  // the package trait that brings the MCP SDK (Package.swift)
import CKSchemaCore
import CKSchemaReporting
import CKSchemaService

extension ProjectTool {
    /// `ckschema diff --format json [--from BASE] [--to TARGET]`.
    static let diff = ProjectTool(
        name: "diff",
        description: """
            Compare two schemas and classify each change as safe, warning or breaking by CloudKit's production \
            rules (the JSON of `ckschema diff --format json`). Use it before any deploy: `from` production (the \
            default) and `to` the project schema (the default) shows what a production deploy would change and \
            whether production accepts it. Breaking changes cannot be deployed. Either side may be a git revision \
            (`git:main:schemas`: what a branch changes) or models (`models:App/Models`, `models:git:v1.2:App/Models`: \
            what a model edit does to the schema; with models on both sides, the model changes too).
            """,
        properties: [("from", ArgumentSchema.string("The baseline, " + ArgumentSchema.schemaName + ". Default: production.")),
                     ("to", ArgumentSchema.string("The candidate, " + ArgumentSchema.schemaName
                                                   + ". Default: the project schema."))],
        resultKeys: ["version", "baseline", "candidate", "summary", "deployable", "changes", "notes"]
    ) { arguments, project throws(ServiceError) in
        let baseline = try project.diffSide(try arguments.string("from") ?? "production")
        let candidate = try project.diffSide(try arguments.string("to"))
        if let invalid = SchemaComparison.invalidSides([("baseline", baseline), ("candidate", candidate)]) {
            return ToolOutput(summary: invalid.message, json: ReportFormat.json.reporter.render(
                invalid.diagnostics, context: ReportContext(sources: invalid.sources)), isError: true)
        }
        let report = SchemaComparison.report(baseline: baseline, candidate: candidate, settings: project.configuration.diff,
                                             environments: try project.environments())
        return ToolOutput(summary: report.summary, json: DiffFormat.json.render(report))
    }
}
#endif
