#if MCP  // the package trait that brings the MCP SDK (Package.swift)
import CKSchemaCore
import CKSchemaDeploy
import CKSchemaReporting
import CKSchemaRules
import CKSchemaService

extension ProjectTool {
    /// `ckschema deploy --to ENV --dry-run`: the plan and the gate's verdict, nothing applied.
    static let deployPlan = ProjectTool(
        name: "deploy_plan",
        description: """
            Make the deploy plan of the project schema to an environment, as `ckschema deploy --to ENV --dry-run` \
            prints it, and return it with the plan document; nothing is applied, recorded or locked. Use it to \
            review a deploy; applying it is for a person to run (`ckschema deploy`), and an agent never deploys \
            to production.
            """,
        properties: [("to", ArgumentSchema.string("The environment to plan a deploy to.", enum: ["development", "production"]))],
        required: ["to"],
        resultKeys: ["format", "version", "environment", "backend", "deployable", "summary", "changes", "gate", "ckdb"]
    ) { arguments, project throws(ServiceError) in
        let name = try arguments.requiredString("to")
        guard let environment = CloudKitEnvironment(rawValue: name) else {
            throw .invalidArgument("'to' must be development or production")
        }
        let parsed = try project.loadSchema(nil).parsed
        let findings = Linter(settings: project.configuration.lint).lint(parsed)
        if findings.containsErrors {
            let errors = findings.count { $0.severity == .error }
            return ToolOutput(summary: "refused: the project schema has \(SchemaLint.count(errors, "lint error")); run lint",
                              json: ReportFormat.json.reporter.render(findings, context: ReportContext(sources: parsed.sources)),
                              isError: true)
        }
        // The backend only names itself in the plan: making a plan runs nothing. The directory backend names no
        // container, as on the command line.
        let backend = project.configuration.settings(for: environment).backend
        let plan: DeployPlan
        let document: String
        do throws(DeployFailure) {
            plan = try DeployPreview.plan(parsed, schemaName: project.configuration.schemaPaths.joined(separator: ", "),
                                          to: environment, backend: backend,
                                          container: backend.isLive ? project.container : nil,
                                          settings: project.configuration.diff,
                                          snapshotPath: project.snapshotPath)
            document = try plan.jsonText()
        } catch {
            throw .couldNotRun(error.message)
        }
        let verdict = plan.deployable ? "dry run: nothing was applied or recorded"
            : "refused: production would refuse this schema; nothing was applied"
        return ToolOutput(summary: DeployPlanText.render(plan) + "\n" + verdict + "\n", json: document, isError: !plan.deployable)
    }
}
#endif
