package import CKSchemaCore
package import CKSchemaDeploy
import CKSchemaReporting
import Foundation

/// The plan of a deploy, made and never applied: what `ckschema deploy --dry-run` prints and the MCP
/// `deploy_plan` tool returns.
package enum DeployPreview {
    /// The plan deploying `parsed` (the project schema, already linted) to `environment`, against the
    /// snapshots at `snapshotPath`, through the backend of `backend` (named in the plan; nothing is run).
    package static func plan(_ parsed: ParsedSchema, schemaName: String, to environment: CloudKitEnvironment,
                             backend: DeployBackendKind, container: CloudKitContainer?, settings: DiffSettings,
                             snapshotPath: (CloudKitEnvironment) -> String) throws(DeployFailure) -> DeployPlan {
        let schema = SchemaReference(name: schemaName, paths: parsed.sources.map(\.path))
        let context = DeployPlanner.Context(
            backend: backend, container: container, schema: schema,
            createdAt: ISO8601DateFormatter().string(from: Date()), createdBy: "ckschema \(CKSchemaVersion.current)")
        let target = try EnvironmentSnapshot.read(environment, at: snapshotPath(environment))
        let production = try EnvironmentSnapshot.read(.production, at: snapshotPath(.production))
        let development = environment == .development
            ? target : try EnvironmentSnapshot.read(.development, at: snapshotPath(.development))
        return try DeployPlanner(settings: settings)
            .plan(project: parsed, target: target, production: production, development: development, context: context)
    }
}
