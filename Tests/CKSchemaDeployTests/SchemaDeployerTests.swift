@testable import CKSchemaDeploy
import CKSchemaCore
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

        init(apply: Result<ApplyOutcome, DeployFailure> = .success(.applied),
             export: Result<ExportedSchema, DeployFailure> = .success(ExportedSchema(text: "DEFINE SCHEMA\n", origin: "fake"))) {
            applyOutcome = apply
            exportResult = export
        }

        var kind: DeployBackendKind { .directory }
        var container: CloudKitContainer? { nil }

        func apply(_ plan: DeployPlan, consoleDeployConfirmed: Bool, lock: DeployLock?) throws(DeployFailure) -> ApplyOutcome {
            applied.withLock { $0.append(plan) }
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
                                            production: try snapshot(.production), context: context)
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
        let before = fixture.files
        let plan = try fixture.plan(.production)
        let outcome = try fixture.deployer(ScriptedBackend(apply: .success(.awaitingConsole))).deploy(plan, command: "test")
        guard case .awaitingConsole(let instructions) = outcome else {
            Issue.record("expected console instructions, got \(outcome)")
            return
        }
        #expect(!instructions.developmentHoldsPlan)
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
}
