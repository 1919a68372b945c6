public import CKSchemaCore
import CKSchemaParsing
import Foundation

/// Applies plans and pulls snapshots, in the one order that keeps the snapshots honest:
/// take the lock → check that the snapshots are still those the plan was made against → apply through the
/// backend → record `environments/ENV.ckdb` atomically → release the lock.
///
/// A failure at any step records nothing and releases the lock; the snapshot files are byte-identical to
/// before. The lock makes concurrent deploys of one project take turns: the second one stops (exit 2), or,
/// when it gets the lock after the first has recorded, finds its plan stale (exit 1).
public struct SchemaDeployer: Sendable {
    /// How the environments are reached.
    public let backend: any DeployBackend
    /// The folder holding the snapshots and the lock.
    public let environmentsFolder: String
    /// The snapshot file of each environment.
    public let snapshotPath: @Sendable (CloudKitEnvironment) -> String

    /// A deployer applying through `backend`, recording snapshots at `snapshotPath` in `environmentsFolder`.
    public init(backend: any DeployBackend, environmentsFolder: String,
                snapshotPath: @escaping @Sendable (CloudKitEnvironment) -> String) {
        self.backend = backend
        self.environmentsFolder = environmentsFolder
        self.snapshotPath = snapshotPath
    }

    /// What a deploy did.
    public enum Outcome: Sendable, Equatable {
        /// The environment already held the plan's schema: nothing was applied or recorded.
        case upToDate
        /// The schema was applied and the snapshot at the path recorded.
        case applied(recorded: String)
        /// The schema must be promoted in the CloudKit Console; nothing was recorded.
        case awaitingConsole(ConsoleInstructions)
    }

    /// Applies `plan`. `command` describes the run in the lock file.
    public func deploy(_ plan: DeployPlan, consoleDeployConfirmed: Bool = false,
                       command: String) throws(DeployFailure) -> Outcome {
        try checkApplicable(plan)
        let lock = try DeployLock.acquire(in: environmentsFolder, command: command)
        defer { lock.release() }
        let target = try EnvironmentSnapshot.read(plan.environment, at: snapshotPath(plan.environment))
        try Self.requireUnchanged(target, since: plan.base)
        let production = try EnvironmentSnapshot.read(.production, at: snapshotPath(.production))
        try Self.requireUnchanged(production, since: plan.production)
        if plan.isEmpty { return .upToDate }
        switch try backend.apply(plan, consoleDeployConfirmed: consoleDeployConfirmed) {
        case .applied:
            try SnapshotWriter.write(plan.ckdb, to: target.path)
            return .applied(recorded: target.path)
        case .awaitingConsole:
            let development = try EnvironmentSnapshot.read(.development, at: snapshotPath(.development))
            return .awaitingConsole(ConsoleInstructions(plan: plan, development: development))
        }
    }

    /// What a pull found.
    public struct PullResult: Sendable {
        /// The snapshot before the pull.
        public let previous: ParsedSchema
        /// The environment's schema now (recorded when `changed`).
        public let current: ParsedSchema
        /// The snapshot file.
        public let path: String
        /// Whether the file's bytes changed.
        public let changed: Bool
    }

    /// Reads what `environment` holds through the backend and records it as its snapshot, byte for byte. An
    /// export that is not a valid schema records nothing.
    public func pull(_ environment: CloudKitEnvironment, command: String) throws(DeployFailure) -> PullResult {
        let lock = try DeployLock.acquire(in: environmentsFolder, command: command)
        defer { lock.release() }
        let export = try backend.export(environment)
        let current = try Self.parse(export)
        let snapshot = try EnvironmentSnapshot.read(environment, at: snapshotPath(environment))
        let previous = try snapshot.parse()
        let changed = snapshot.contents != Data(export.text.utf8)
        if changed {
            try SnapshotWriter.write(export.text, to: snapshot.path)
        }
        return PullResult(previous: previous, current: current, path: snapshot.path, changed: changed)
    }

    /// Parses an export; text that is not a valid schema stops the run.
    public static func parse(_ export: ExportedSchema) throws(DeployFailure) -> ParsedSchema {
        let parsed = CKDBParser.parse(SourceFile(path: export.origin, text: export.text))
        guard !parsed.hasErrors else {
            throw .invalidSchema("\(export.origin) returned text that is not a valid CloudKit schema; nothing was "
                + "recorded", parsed)
        }
        return parsed
    }

    /// Refuses a plan this deployer must not apply: not deployable, or made for another backend or container.
    private func checkApplicable(_ plan: DeployPlan) throws(DeployFailure) {
        guard plan.deployable else {
            throw .refused("the plan is not deployable: production would refuse it")
        }
        guard plan.backend == backend.kind else {
            throw .refused("the plan was made for the \(plan.backend.rawValue) backend, and this deploy uses the "
                + "\(backend.kind.rawValue) backend; make the plan again")
        }
        if backend.kind == .cktool, plan.container != backend.container {
            let planned = plan.container.map { "'\($0.containerID)' of team '\($0.teamID)'" } ?? "no container"
            throw .refused("the plan was made for \(planned), not for the configured container; make the plan again")
        }
    }

    /// Refuses when `snapshot`'s bytes are not those `reference` recorded.
    static func requireUnchanged(_ snapshot: EnvironmentSnapshot, since reference: SnapshotReference) throws(DeployFailure) {
        let now = snapshot.digest
        guard now != reference.sha256 else { return }
        func describe(_ digest: String?) -> String {
            digest.map { "sha256 \($0.prefix(12))…" } ?? "no file"
        }
        throw .refused("the plan is stale: the \(snapshot.environment.rawValue) snapshot '\(snapshot.path)' changed "
            + "since the plan was made (\(describe(reference.sha256)) then, \(describe(now)) now); nothing was "
            + "applied, make the plan again")
    }
}
