@testable import CKSchemaDeploy
import CKSchemaCore
import CKSchemaFiles
import CKSchemaParsing
import CKSchemaTestSupport
import Foundation
import Synchronization
import Testing

/// The apply-then-record sequence with scripted backends: what is recorded, when, and that a failure at any
/// step leaves the snapshots byte-identical and the lock released.
@Suite struct SchemaDeployerTests {
    /// A backend that does what it is told and remembers what it was asked.
    final class ScriptedBackend: DeployBackend, @unchecked Sendable {
        let applyOutcome: Result<ApplyOutcome, DeployFailure>
        let exportResult: Result<ExportedSchema, DeployFailure>
        let applied = Mutex<[DeployPlan]>([])
        let kind: DeployBackendKind
        /// Runs while applying (to change the world under the deployer's feet).
        let whileApplying: @Sendable () -> Void

        init(apply: Result<ApplyOutcome, DeployFailure> = .success(.applied),
             export: Result<ExportedSchema, DeployFailure> = .success(ExportedSchema(text: "DEFINE SCHEMA\n", origin: "fake")),
             kind: DeployBackendKind = .directory, whileApplying: @escaping @Sendable () -> Void = {}) {
            applyOutcome = apply
            exportResult = export
            self.kind = kind
            self.whileApplying = whileApplying
        }
        var container: CloudKitContainer? { nil }

        func apply(_ plan: DeployPlan, consoleDeployConfirmed: Bool, lock: DeployLock?) throws(DeployFailure) -> ApplyOutcome {
            applied.withLock { $0.append(plan) }
            whileApplying()
            return try applyOutcome.get()
        }

        func export(_ environment: CloudKitEnvironment, lock: DeployLock?) throws(DeployFailure) -> ExportedSchema {
            try exportResult.get()
        }
    }

    struct Fixture {
        let folder: TemporaryDirectory
        var environments: String { folder.url.appendingPathComponent("environments").path }

        init() throws {
            folder = try TemporaryDirectory()
            try folder.write("DEFINE SCHEMA\n    RECORD TYPE Note (title STRING);\n", to: "environments/production.ckdb")
            try folder.write("DEFINE SCHEMA\n    RECORD TYPE Note (title STRING);\n", to: "environments/development.ckdb")
        }

        func deployer(_ backend: any DeployBackend) -> SchemaDeployer {
            let folder = environments
            return SchemaDeployer(backend: backend, environmentsFolder: folder,
                                  snapshotPath: { "\(folder)/\($0.rawValue).ckdb" })
        }

        func snapshot(_ environment: CloudKitEnvironment) throws -> EnvironmentSnapshot {
            try EnvironmentSnapshot.read(environment, at: "\(environments)/\(environment.rawValue).ckdb")
        }

        /// A plan adding a field to `environment` (or, with `fields`, making those the fields of `Note`).
        func plan(_ environment: CloudKitEnvironment, fields: String = "title: string, body: string") throws -> DeployPlan {
            let project = YAMLSchemaParser.parse([SourceFile(path: "Note.yaml",
                                                             text: "recordTypes:\n  Note:\n    fields: { \(fields) }\n")])
            let context = DeployPlanner.Context(backend: .directory, container: nil,
                                                schema: SchemaReference(name: "Note.yaml", paths: ["Note.yaml"]),
                                                createdAt: "now", createdBy: "test")
            return try DeployPlanner().plan(project: project, target: try snapshot(environment),
                                            production: try snapshot(.production),
                                            development: try snapshot(.development), context: context)
        }

        var files: [String: Data] {
            Dictionary(uniqueKeysWithValues: folder.listing().compactMap { name in
                FileManager.default.contents(atPath: folder.url.appendingPathComponent(name).path).map { (name, $0) }
            })
        }
    }

    @Test func anAppliedPlanIsRecordedExactly() throws {
        let fixture = try Fixture()
        let backend = ScriptedBackend()
        let plan = try fixture.plan(.development)
        let outcome = try fixture.deployer(backend).deploy(plan, command: "test")
        #expect(outcome == .applied(recorded: "\(fixture.environments)/development.ckdb"))
        #expect(backend.applied.withLock { $0 } == [plan])
        #expect(try fixture.snapshot(.development).contents == Data(plan.ckdb.utf8))
        #expect(fixture.folder.listing().sorted() == ["environments", "environments/development.ckdb",
                                                      "environments/production.ckdb"])
    }

    @Test(arguments: [DeployFailure.couldNotRun("cktool import-schema failed"), .refused("no")])
    func aFailedApplyRecordsNothingAndReleasesTheLock(_ failure: DeployFailure) throws {
        let fixture = try Fixture()
        let before = fixture.files
        #expect(throws: failure) {
            try fixture.deployer(ScriptedBackend(apply: .failure(failure))).deploy(try fixture.plan(.development), command: "test")
        }
        #expect(fixture.files == before)
    }

    @Test func aConsoleDeployRecordsNothing() throws {
        let fixture = try Fixture()
        // Development holds the schema and more (production only receives what development holds).
        try fixture.folder.write("DEFINE SCHEMA\n    RECORD TYPE Note (title STRING, body STRING, extra STRING);\n",
                                 to: "environments/development.ckdb")
        let before = fixture.files
        let plan = try fixture.plan(.production)
        let outcome = try fixture.deployer(ScriptedBackend(apply: .success(.awaitingConsole))).deploy(plan, command: "test")
        guard case .awaitingConsole(let instructions) = outcome else {
            Issue.record("expected console instructions, got \(outcome)")
            return
        }
        #expect(!instructions.developmentHoldsPlan)
        #expect(instructions.developmentExtras == 1)
        #expect(instructions.lines.count == 5)
        #expect(fixture.files == before)
    }

    @Test func aStalePlanNeverReachesTheBackend() throws {
        let fixture = try Fixture()
        let plan = try fixture.plan(.development)
        try fixture.folder.write("DEFINE SCHEMA\n    RECORD TYPE Note (title STRING, x INT64);\n", to: "environments/development.ckdb")
        let before = fixture.files
        let backend = ScriptedBackend()
        do {
            _ = try fixture.deployer(backend).deploy(plan, command: "test")
            Issue.record("a stale plan was applied")
        } catch {
            #expect(error.isRefusal)
            #expect(error.message.hasPrefix("the plan is stale: the development snapshot"))
        }
        #expect(backend.applied.withLock { $0.isEmpty })
        #expect(fixture.files == before)
    }

    @Test func anEmptyPlanIsUpToDateWithoutCallingTheBackend() throws {
        let fixture = try Fixture()
        let plan = try fixture.plan(.development, fields: "title: string")
        #expect(plan.isEmpty)
        let backend = ScriptedBackend()
        #expect(try fixture.deployer(backend).deploy(plan, command: "test") == .upToDate)
        #expect(backend.applied.withLock { $0.isEmpty })
    }

    @Test func aPullRecordsTheExportOrNothingWhenItIsInvalid() throws {
        let fixture = try Fixture()
        let export = "DEFINE SCHEMA\n    RECORD TYPE Note (title STRING, weather STRING);\n"
        let result = try fixture.deployer(ScriptedBackend(export: .success(ExportedSchema(text: export, origin: "fake"))))
            .pull(.development, command: "test")
        #expect(result.changed)
        #expect(result.current.schema.recordType(named: "Note")?.field(named: "weather") != nil)
        #expect(try fixture.snapshot(.development).contents == Data(export.utf8))

        let before = fixture.files
        let junk = ScriptedBackend(export: .success(ExportedSchema(text: "<html>502</html>", origin: "fake export")))
        do {
            _ = try fixture.deployer(junk).pull(.development, command: "test")
            Issue.record("junk was recorded")
        } catch {
            #expect(error.message == "fake export returned text that is not a valid CloudKit schema; nothing was recorded")
            guard case .invalidSchema(_, let parsed) = error else { return }
            #expect(parsed.diagnostics.first?.location?.file == "fake export")
        }
        #expect(fixture.files == before)
    }

    /// A schema applied but not recorded: the environment changed, and the message says so and how to record it.
    @Test func aRecordingThatFailsAfterTheApplySaysTheEnvironmentHoldsTheSchema() throws {
        let fixture = try Fixture()
        let snapshot = "\(fixture.environments)/development.ckdb"
        // The snapshot becomes a folder while cktool imports: the rename onto it fails.
        let backend = ScriptedBackend(kind: .cktool) {
            try? FileManager.default.removeItem(atPath: snapshot)
            try? FileManager.default.createDirectory(atPath: snapshot + "/x", withIntermediateDirectories: true)
        }
        var plan = try fixture.plan(.development)
        plan.backend = .cktool
        do {
            _ = try fixture.deployer(backend).deploy(plan, command: "test")
            Issue.record("the deploy succeeded")
        } catch {
            #expect(error.message.hasPrefix(
                "development now holds the schema, but recording it failed: cannot record '\(snapshot)': "))
            #expect(error.message.hasSuffix("; run 'ckschema pull development' to record what development holds"))
        }
        #expect(!fixture.folder.listing().contains { $0.contains(".ckschema") }, "no staged file or lock is left")
    }

    @Test func aStaleLockTakenOverIsReported() throws {
        let fixture = try Fixture()
        let stale = "pid 999999 on host elsewhere since 2020-01-01T00:00:00Z: ckschema deploy --to development"
        try fixture.folder.write(stale + "\n", to: "environments/.ckschema.lock")
        let notices = Mutex<[DeployNotice]>([])
        var deployer = fixture.deployer(ScriptedBackend())
        deployer.notify = { notice in notices.withLock { $0.append(notice) } }
        _ = try deployer.deploy(try fixture.plan(.development), command: "test")
        let lock = "\(fixture.environments)/.ckschema.lock"
        #expect(notices.withLock { $0 } == [.tookOverStaleLock(path: lock, holder: stale)])
        #expect(DeployNotice.tookOverStaleLock(path: lock, holder: stale).message.hasPrefix(
            "note: took over the lock '\(lock)' left by a run that no longer holds it (\(stale))"))
    }

    @Test func aRecordedSnapshotKeepsItsMode() throws {
        let fixture = try Fixture()
        let snapshot = "\(fixture.environments)/development.ckdb"
        #expect(chmod(snapshot, 0o600) == 0)
        _ = try fixture.deployer(ScriptedBackend()).deploy(try fixture.plan(.development), command: "test")
        #expect(try FileManager.default.attributesOfItem(atPath: snapshot)[.posixPermissions] as? Int == 0o600)
    }

    /// A snapshot that is a link is refused before the backend is called: nothing is applied that could not be
    /// recorded, and the link (and what it points at) stays as it was.
    @Test func aLinkedSnapshotIsRefusedBeforeAnythingIsApplied() throws {
        let fixture = try Fixture()
        let snapshot = "\(fixture.environments)/development.ckdb"
        let shared = try fixture.folder.write("DEFINE SCHEMA\n    RECORD TYPE Note (title STRING);\n", to: "shared.ckdb")
        try FileManager.default.removeItem(atPath: snapshot)
        try FileManager.default.createSymbolicLink(atPath: snapshot, withDestinationPath: shared.path)
        let backend = ScriptedBackend()
        let plan = try fixture.plan(.development)
        #expect(throws: DeployFailure.couldNotRun("'\(snapshot)' is a symbolic link; ckschema never writes through a link "
            + "or replaces one (replace the link with the file itself, or write elsewhere)")) {
            try fixture.deployer(backend).deploy(plan, command: "test")
        }
        #expect(backend.applied.withLock { $0.isEmpty })
        #expect(FileEntry.at(snapshot) == .symbolicLink)
        #expect(try String(contentsOf: shared, encoding: .utf8) == "DEFINE SCHEMA\n    RECORD TYPE Note (title STRING);\n")
    }

    /// The plan's changes are recomputed from its schema under the lock: a plan whose list was edited is refused
    /// even when its digest matches.
    @Test func aPlanWhoseChangesMisstateItsSchemaIsRefusedUnderTheLock() throws {
        let fixture = try Fixture()
        var plan = try fixture.plan(.development)
        plan.ckdb = "DEFINE SCHEMA\n    RECORD TYPE Note (title STRING, body STRING, extra STRING);\n"
        plan.ckdbSHA256 = SHA256.hexDigest(of: plan.ckdb.utf8)
        let backend = ScriptedBackend()
        let before = fixture.files
        do {
            _ = try fixture.deployer(backend).deploy(plan, command: "test")
            Issue.record("an edited plan was applied")
        } catch {
            #expect(error.isRefusal)
            #expect(error.message.hasPrefix("the plan does not match its own schema: it lists 1 change, and its schema "
                + "makes 2 against the development snapshot"))
        }
        #expect(backend.applied.withLock { $0.isEmpty })
        #expect(fixture.files == before)
    }
}
