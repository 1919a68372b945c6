import CKSchemaCore
import CKSchemaDeploy
import CKSchemaRules
import Foundation

/// What the project's snapshots say the environments hold, for the rules that protect production, and the
/// sentences about missing snapshots (each a note said once).
struct ProjectEnvironments {
    /// The environments as known: a missing snapshot is an empty environment; `nil` outside a project.
    let schemas: EnvironmentSchemas
    /// "there is no snapshot of production …", per missing snapshot.
    let notes: [CloudKitEnvironment: String]
}

extension Project {
    /// Whether the command runs in a project: a configuration file was read, or the environments folder exists.
    /// Outside one, nothing is known about the environments and nothing is assumed.
    var isProject: Bool {
        configFile != nil || FileManager.default.fileExists(atPath: environmentsFolder)
    }

    /// Reads both snapshots. A snapshot that does not parse stops the command (exit 2).
    func environments() throws(CommandFailure) -> ProjectEnvironments {
        guard isProject else { return ProjectEnvironments(schemas: EnvironmentSchemas(), notes: [:]) }
        return try deploying { () throws(DeployFailure) in
            let production = try EnvironmentSnapshot.read(.production, at: snapshotPath(.production))
            let development = try EnvironmentSnapshot.read(.development, at: snapshotPath(.development))
            return ProjectEnvironments(
                schemas: EnvironmentSchemas(production: try production.parse().schema,
                                            development: try development.parse().schema),
                notes: [.production: production.missingNote, .development: development.missingNote].compactMapValues { $0 })
        }
    }
}
