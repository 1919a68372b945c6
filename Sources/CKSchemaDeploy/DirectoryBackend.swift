package import CKSchemaCore
import Foundation

/// The offline backend: an environment *is* its snapshot file. Applying a plan is recording it (which
/// `SchemaDeployer` does), and exporting reads the snapshot. Tests use it, and so do teams that deploy
/// through the CloudKit Console and keep the snapshots as their record.
package struct DirectoryBackend: DeployBackend {
    /// The snapshot file of each environment.
    package let snapshotPath: @Sendable (CloudKitEnvironment) -> String

    /// A backend whose environments are the files `snapshotPath` names.
    package init(snapshotPath: @escaping @Sendable (CloudKitEnvironment) -> String) {
        self.snapshotPath = snapshotPath
    }

    /// `directory`.
    package var kind: DeployBackendKind { .directory }

    /// None: the environments are files.
    package var container: CloudKitContainer? { nil }

    /// Nothing to do beyond recording the snapshot.
    package func apply(_ plan: DeployPlan, consoleDeployConfirmed: Bool,
                      lock: DeployLock?) throws(DeployFailure) -> ApplyOutcome {
        .applied
    }

    /// The snapshot's text; the empty schema when the environment was never deployed.
    package func export(_ environment: CloudKitEnvironment, lock: DeployLock?) throws(DeployFailure) -> ExportedSchema {
        let path = snapshotPath(environment)
        let snapshot = try EnvironmentSnapshot.read(environment, at: path)
        guard let contents = snapshot.contents else { return ExportedSchema(text: "DEFINE SCHEMA\n", origin: path) }
        guard let text = String(validating: contents, as: UTF8.self) else {
            throw .couldNotRun("the \(environment.rawValue) snapshot '\(path)' is not UTF-8 text")
        }
        return ExportedSchema(text: text, origin: path)
    }
}
