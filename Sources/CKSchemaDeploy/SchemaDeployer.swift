package import CKSchemaCore
import CKSchemaFiles
import CKSchemaParsing
import Foundation

/// Applies plans and pulls snapshots, in the one order that keeps the snapshots honest:
/// take the lock → check that the snapshots are still those the plan was made against → check that the plan's
/// changes are those its schema makes (`DeployPlanner.verify`) → stage the new snapshot beside the old one →
/// apply through the backend → rename the staged snapshot into place → release the lock.
///
/// A failure at any step before the apply records nothing and releases the lock; the snapshot files are
/// byte-identical to before. Staging before the apply means that after a successful import only a rename is
/// left to fail; if it does, the failure says that the environment holds the schema and how to record it.
/// The lock makes concurrent deploys of one project take turns: the second one stops (exit 2), or, when it
/// gets the lock after the first has recorded, finds its plan stale (exit 1).
package struct SchemaDeployer: Sendable {
    /// How the environments are reached.
    package let backend: any DeployBackend
    /// The folder holding the snapshots and the lock.
    package let environmentsFolder: String
    /// The snapshot file of each environment.
    package let snapshotPath: @Sendable (CloudKitEnvironment) -> String
    /// Verifies plans against the snapshots before they are applied.
    package let planner: DeployPlanner
    /// Told what the user should know while a deploy or pull runs (a stale lock taken over).
    package var notify: @Sendable (DeployNotice) -> Void = { _ in }

    /// A deployer applying through `backend`, recording snapshots at `snapshotPath` in `environmentsFolder`,
    /// verifying plans with `planner`.
    package init(backend: any DeployBackend, environmentsFolder: String,
                snapshotPath: @escaping @Sendable (CloudKitEnvironment) -> String, planner: DeployPlanner = DeployPlanner()) {
        self.backend = backend
        self.environmentsFolder = environmentsFolder
        self.snapshotPath = snapshotPath
        self.planner = planner
    }

    /// What a deploy did.
    package enum Outcome: Sendable, Equatable {
        /// The environment already held the plan's schema: nothing was applied or recorded.
        case upToDate
        /// The schema was applied and the snapshot at the path recorded.
        case applied(recorded: String)
        /// The schema must be promoted in the CloudKit Console; nothing was recorded.
        case awaitingConsole(ConsoleInstructions)
    }

    /// Applies `plan`. `command` describes the run in the lock file.
    package func deploy(_ plan: DeployPlan, consoleDeployConfirmed: Bool = false,
                       command: String) throws(DeployFailure) -> Outcome {
        try checkApplicable(plan)
        let lock = try takeLock(command: command)
        defer { lock.release() }
        let target = try verifiedTarget(of: plan)
        if plan.isEmpty { return .upToDate }
        let staged = try recording { () throws(AtomicFileError) in try AtomicFile.stage(plan.ckdb, for: target.path) }
        DeployInterruption.staged(staged.temporary)
        defer { DeployInterruption.staged(nil) }
        let outcome: ApplyOutcome
        do {
            outcome = try backend.apply(plan, consoleDeployConfirmed: consoleDeployConfirmed, lock: lock)
        } catch {
            staged.discard()
            throw error
        }
        switch outcome {
        case .applied:
            do {
                try recording { () throws(AtomicFileError) in try staged.commit() }
            } catch {
                throw recordingFailed(error, environment: plan.environment)
            }
            return .applied(recorded: target.path)
        case .awaitingConsole:
            staged.discard()
            let development = try EnvironmentSnapshot.read(.development, at: snapshotPath(.development))
            return .awaitingConsole(ConsoleInstructions(plan: plan, development: development))
        }
    }

    /// Checks `plan` against the snapshots as they are now, without taking the lock, so that a stale plan or one
    /// that misstates its changes is refused before it is shown for review. `deploy` checks again under the lock.
    package func check(_ plan: DeployPlan) throws(DeployFailure) {
        try checkApplicable(plan)
        _ = try verifiedTarget(of: plan)
    }

    /// The target's snapshot, once both snapshots are checked to be those the plan was made against and the
    /// plan's changes to be those its schema makes.
    private func verifiedTarget(of plan: DeployPlan) throws(DeployFailure) -> EnvironmentSnapshot {
        let target = try EnvironmentSnapshot.read(plan.environment, at: snapshotPath(plan.environment))
        try Self.requireUnchanged(target, since: plan.base)
        let production = try EnvironmentSnapshot.read(.production, at: snapshotPath(.production))
        try Self.requireUnchanged(production, since: plan.production)
        let development = plan.environment == .development
            ? target : try EnvironmentSnapshot.read(.development, at: snapshotPath(.development))
        try planner.verify(plan, target: target, production: production, development: development)
        return target
    }

    /// The failure to record a snapshot after the backend applied the schema: the environment has changed, so
    /// the message says so and how to record it. (The directory backend changes nothing before recording.)
    private func recordingFailed(_ error: DeployFailure, environment: CloudKitEnvironment) -> DeployFailure {
        guard backend.kind != .directory else { return error }
        let name = environment.rawValue
        return .couldNotRun("\(name) now holds the schema, but recording it failed: \(error.message); run "
            + "'ckschema pull \(name)' to record what \(name) holds")
    }

    /// Takes the lock, telling `notify` when it took over one a killed run left.
    private func takeLock(command: String) throws(DeployFailure) -> DeployLock {
        let lock = try DeployLock.acquire(in: environmentsFolder, command: command)
        if let stale = lock.replacedStaleLock {
            notify(.tookOverStaleLock(path: lock.path, holder: stale))
        }
        return lock
    }

    /// What a pull found.
    package struct PullResult: Sendable {
        /// The snapshot before the pull.
        package let previous: ParsedSchema
        /// The environment's schema now (recorded when `changed`).
        package let current: ParsedSchema
        /// The snapshot file.
        package let path: String
        /// Whether the file's bytes changed.
        package let changed: Bool
    }

    /// Reads what `environment` holds through the backend and records it as its snapshot, byte for byte. An
    /// export that is not a valid schema records nothing.
    package func pull(_ environment: CloudKitEnvironment, command: String) throws(DeployFailure) -> PullResult {
        let lock = try takeLock(command: command)
        defer { lock.release() }
        let export = try backend.export(environment, lock: lock)
        let current = try Self.parse(export)
        let snapshot = try EnvironmentSnapshot.read(environment, at: snapshotPath(environment))
        let previous = try snapshot.parse()
        let changed = snapshot.contents != Data(export.text.utf8)
        if changed {
            try recording { () throws(AtomicFileError) in try AtomicFile.write(export.text, to: snapshot.path) }
        }
        return PullResult(previous: previous, current: current, path: snapshot.path, changed: changed)
    }

    /// Parses an export; text that is not a valid schema stops the run.
    package static func parse(_ export: ExportedSchema) throws(DeployFailure) -> ParsedSchema {
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
        if backend.kind.isLive, plan.container != backend.container {
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

/// What a deploy or pull tells the user while it runs, besides its outcome.
package enum DeployNotice: Sendable, Equatable {
    /// The lock was left by a run that ended without releasing it (killed, crashed); this run took it over.
    case tookOverStaleLock(path: String, holder: String)

    /// One sentence for standard error.
    package var message: String {
        switch self {
        case .tookOverStaleLock(let path, let holder):
            "note: took over the lock '\(path)' left by a run that no longer holds it (\(holder)); if that run was "
                + "killed during an import, check the environment with 'ckschema drift'"
        }
    }
}

/// Runs `body`, a snapshot write, reporting its failure as a deploy failure.
private func recording<T>(_ body: () throws(AtomicFileError) -> T) throws(DeployFailure) -> T {
    do {
        return try body()
    } catch {
        throw .couldNotRun(error.message)
    }
}
