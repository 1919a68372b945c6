public import CKSchemaCore
import Foundation

/// The offline backend: an environment *is* its snapshot file. Applying a plan is recording it (which
/// `SchemaDeployer` does), and exporting reads the snapshot. Tests use it, and so do teams that deploy
/// through the CloudKit Console and keep the snapshots as their record.
public struct DirectoryBackend: DeployBackend {
    /// The snapshot file of each environment.
    public let snapshotPath: @Sendable (CloudKitEnvironment) -> String

    /// A backend whose environments are the files `snapshotPath` names.
    public init(snapshotPath: @escaping @Sendable (CloudKitEnvironment) -> String) {
        self.snapshotPath = snapshotPath
    }

    /// `directory`.
    public var kind: DeployBackendKind { .directory }

    /// None: the environments are files.
    public var container: CloudKitContainer? { nil }

    /// Nothing to do beyond recording the snapshot.
    public func apply(_ plan: DeployPlan, consoleDeployConfirmed: Bool,
                      lock: DeployLock?) throws(DeployFailure) -> ApplyOutcome {
        .applied
    }

    /// The snapshot's text; the empty schema when the environment was never deployed.
    public func export(_ environment: CloudKitEnvironment, lock: DeployLock?) throws(DeployFailure) -> ExportedSchema {
        let path = snapshotPath(environment)
        let snapshot = try EnvironmentSnapshot.read(environment, at: path)
        guard let contents = snapshot.contents else { return ExportedSchema(text: "DEFINE SCHEMA\n", origin: path) }
        guard let text = String(validating: contents, as: UTF8.self) else {
            throw .couldNotRun("the \(environment.rawValue) snapshot '\(path)' is not UTF-8 text")
        }
        return ExportedSchema(text: text, origin: path)
    }
}
