package import CKSchemaCore

/// A way to reach a CloudKit environment: apply a plan's schema to it, and read back what it holds.
///
/// Backends only talk to the environment. Locking, the stale-plan check and recording the snapshot belong
/// to `SchemaDeployer`, so every backend gets them the same way.
package protocol DeployBackend: Sendable {
    /// Which backend this is (a plan records it and must be applied by the same kind).
    var kind: DeployBackendKind { get }
    /// The container addressed; `nil` when the backend addresses none (directory).
    var container: CloudKitContainer? { get }
    /// Applies `plan.ckdb` to `plan.environment`. `consoleDeployConfirmed` says the user has promoted the schema
    /// in the CloudKit Console themselves (production through cktool). Programs started meanwhile inherit
    /// `lock`, the deploy lock held, so that it stays held while they run.
    func apply(_ plan: DeployPlan, consoleDeployConfirmed: Bool, lock: DeployLock?) throws(DeployFailure) -> ApplyOutcome
    /// What `environment` holds now, as `.ckdb` text; programs started meanwhile inherit `lock` when one is held.
    func export(_ environment: CloudKitEnvironment, lock: DeployLock?) throws(DeployFailure) -> ExportedSchema
}

/// What applying a plan did.
package enum ApplyOutcome: Sendable, Equatable {
    /// The environment now holds the plan's schema: record the snapshot.
    case applied
    /// Nothing could be applied from here: the user must promote the schema in the CloudKit Console, and the
    /// snapshot is recorded only once that is confirmed.
    case awaitingConsole
}

/// An environment's schema as a backend returned it.
package struct ExportedSchema: Sendable, Equatable {
    /// The `.ckdb` text, exactly as returned. An export holding the management token is refused, never
    /// altered.
    package var text: String
    /// Where it came from, as diagnostics name it (`cktool export-schema (development)`, a snapshot path).
    package var origin: String

    /// An export of `text` from `origin`.
    package init(text: String, origin: String) {
        self.text = text
        self.origin = origin
    }
}
