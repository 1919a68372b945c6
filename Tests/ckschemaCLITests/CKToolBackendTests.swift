import CKSchemaTestSupport
import Foundation
import Testing

/// The cktool backend against a fake cktool (`FakeCKTool`): the exact arguments, the token only ever in the
/// child's environment, and — for every fault — exit 2 with one clear sentence, snapshots byte-identical,
/// the lock released.
@Suite struct CKToolBackendTests {
    /// Adds a field so that deploying to development has something to import.
    private func projectWithAChange() throws -> ExampleProject {
        let project = try ExampleProject()
        try project.addField()
        return project
    }

    /// The token appears nowhere ckschema writes: its outputs, the project's files.
    private func expectNoToken(_ result: CommandRunner.Result, _ project: ExampleProject,
                               sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!result.standardOutput.contains(FakeCKTool.token), sourceLocation: sourceLocation)
        #expect(!result.standardError.contains(FakeCKTool.token), sourceLocation: sourceLocation)
        for (name, data) in project.state() {
            #expect(!String(decoding: data, as: UTF8.self).contains(FakeCKTool.token), "\(name)",
                    sourceLocation: sourceLocation)
        }
    }

    @Test func developmentIsValidatedThenImportedThenRecorded() throws {
        let project = try projectWithAChange()
        let fake = try FakeCKTool()
        let result = try project.run(["deploy", "--to", "development", "--backend", "cktool", "--yes"],
                                     environment: fake.environment())
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("deploy to development with the cktool backend\n"
            + "  container: iCloud.com.example.CloudJournal (team ABCDE12345)\n"))
        #expect(result.standardOutput.hasSuffix("deployed to development; recorded environments/development.ckdb\n"))
        let calls = try fake.calls()
        #expect(calls.map(\.subcommand) == ["validate-schema", "import-schema"])
        let recorded = String(decoding: try #require(project.contents("environments/development.ckdb")), as: UTF8.self)
        for call in calls {
            #expect(Array(call.arguments.prefix(8)) == [
                call.subcommand ?? "", "--team-id", "ABCDE12345", "--container-id", "iCloud.com.example.CloudJournal",
                "--environment", "development", "--file",
            ])
            #expect(call.arguments.count == 9)
            #expect(call.schema == recorded, "cktool is given exactly the schema that is recorded")
            #expect(!call.arguments.contains { $0.contains(FakeCKTool.token) }, "the token is never an argument")
            #expect(call.environment.contains("\nCLOUDKIT_MANAGEMENT_TOKEN=\(FakeCKTool.token)\n"),
                    "the token reaches cktool through its environment")
        }
        #expect(recorded.contains("emoji           STRING"))
        expectNoToken(result, project)
    }

    struct Fault: Sendable, CustomTestStringConvertible {
        let name: String
        let arguments: [String]
        let modes: [String: String]
        var token: String? = FakeCKTool.token
        var cktool: String?
        let message: String
        var testDescription: String { name }
    }

    static let deployDevelopment = ["deploy", "--to", "development", "--backend", "cktool", "--yes", "--timeout", "1"]
    static let pullDevelopment = ["pull", "development", "--backend", "cktool", "--timeout", "1"]
    static let driftDevelopment = ["drift", "development", "--backend", "cktool", "--timeout", "1"]

    static let faults: [Fault] = [
        Fault(name: "validate fails", arguments: deployDevelopment, modes: ["validate-schema": "fail"],
              message: "error: cktool validate-schema failed with exit status 1: error: the server refused the request "
                + "for token [redacted]\n"),
        Fault(name: "validation rejects the schema", arguments: deployDevelopment, modes: ["validate-schema": "invalid"],
              message: "error: cktool validate-schema rejected the schema: ❌ Schema validation failed: Encountered"),
        Fault(name: "import fails", arguments: deployDevelopment, modes: ["import-schema": "fail"],
              message: "error: cktool import-schema failed with exit status 1: error: the server refused the request "
                + "for token [redacted]\n"),
        Fault(name: "import hangs", arguments: deployDevelopment, modes: ["import-schema": "hang"],
              message: "error: cktool import-schema did not finish within 1 second and was stopped (raise the limit "
                + "with --timeout)\n"),
        Fault(name: "import is killed", arguments: deployDevelopment, modes: ["import-schema": "kill"],
              message: "error: cktool import-schema was killed by signal 9\n"),
        Fault(name: "no token", arguments: deployDevelopment, modes: [:], token: nil,
              message: "error: the cktool backend needs a CloudKit management token in CLOUDKIT_MANAGEMENT_TOKEN"),
        Fault(name: "no cktool", arguments: deployDevelopment, modes: [:], cktool: "/nonexistent/cktool",
              message: "error: CKTOOL is '/nonexistent/cktool', which is not an executable program\n"),
        Fault(name: "export is junk", arguments: pullDevelopment, modes: ["export-schema": "junk"],
              message: "error: cktool export-schema (development) returned text that is not a valid CloudKit schema; "
                + "nothing was recorded\n"),
        Fault(name: "export fails", arguments: pullDevelopment, modes: ["export-schema": "fail"],
              message: "error: cktool export-schema failed with exit status 1"),
        Fault(name: "export hangs", arguments: pullDevelopment, modes: ["export-schema": "hang"],
              message: "error: cktool export-schema did not finish within 1 second and was stopped"),
        Fault(name: "export is killed", arguments: pullDevelopment, modes: ["export-schema": "kill"],
              message: "error: cktool export-schema was killed by signal 9\n"),
        Fault(name: "export writes nothing", arguments: pullDevelopment, modes: ["export-schema": "nofile"],
              message: "error: cktool export-schema finished but wrote no schema to its output file\n"),
        Fault(name: "pull without token", arguments: pullDevelopment, modes: [:], token: "",
              message: "error: the cktool backend needs a CloudKit management token"),
        Fault(name: "drift export is junk", arguments: driftDevelopment, modes: ["export-schema": "junk"],
              message: "returned text that is not a valid CloudKit schema"),
        Fault(name: "drift export hangs", arguments: driftDevelopment, modes: ["export-schema": "hang"],
              message: "error: cktool export-schema did not finish within 1 second"),
    ]

    @Test(arguments: faults)
    func everyFaultExitsTwoAndChangesNothing(_ fault: Fault) throws {
        let project = try projectWithAChange()
        let fake = try FakeCKTool(export: "DEFINE SCHEMA\n")
        let before = project.state()
        var environment = fake.environment(fault.modes, token: fault.token)
        if let cktool = fault.cktool { environment["CKTOOL"] = cktool }
        let started = Date()
        let result = try project.run(fault.arguments, environment: environment, timeout: 30)
        #expect(result.status == 2, "\(result.standardError)")
        #expect(result.standardError.contains(fault.message), "\(result.standardError)")
        #expect(!result.standardError.contains("Fatal error"))
        #expect(project.state() == before, "snapshots and every other file are byte-identical")
        expectNoToken(result, project)
        #expect(Date().timeIntervalSince(started) < 10, "a hanging cktool is stopped at the time limit")
        if fault.token == nil || fault.token == "" || fault.cktool != nil {
            #expect(try fake.calls().isEmpty, "nothing is run without a token or a program")
        }
    }

    @Test func pullRecordsTheExportByteForByte() throws {
        let project = try ExampleProject()
        let development = String(decoding: try #require(project.contents("environments/development.ckdb")), as: UTF8.self)
        // A field the app created just in time, written as a real export would (not in ckschema's layout).
        let export = development.replacing("        isFavorite      INT64 QUERYABLE,\n",
                                           with: "        isFavorite      INT64 QUERYABLE,\n        weather STRING,\n")
        let fake = try FakeCKTool(export: export)
        let result = try project.run(["pull", "development", "--backend", "cktool"], environment: fake.environment())
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "recorded environments/development.ckdb: 1 change since the last snapshot\n"
            + "  + field 'weather' STRING in 'JournalEntry'\n")
        #expect(project.contents("environments/development.ckdb") == Data(export.utf8))
        let calls = try fake.calls()
        #expect(calls.count == 1)
        #expect(Array(calls[0].arguments.prefix(8)) == [
            "export-schema", "--team-id", "ABCDE12345", "--container-id", "iCloud.com.example.CloudJournal",
            "--environment", "development", "--output-file",
        ])

        let again = try project.run(["pull", "development", "--backend", "cktool"], environment: fake.environment())
        #expect(again.standardOutput == "development is up to date: 'environments/development.ckdb' already holds what "
            + "development holds\n")
    }

    @Test func driftListsJustInTimeFieldsAsInformationAndChangesNothing() throws {
        let project = try ExampleProject()
        let development = String(decoding: try #require(project.contents("environments/development.ckdb")), as: UTF8.self)
        let export = development.replacing("        isFavorite      INT64 QUERYABLE,\n",
                                           with: "        isFavorite      INT64 QUERYABLE,\n        weather         STRING,\n")
        let fake = try FakeCKTool(export: export)
        let before = project.state()
        let result = try project.run(["drift", "development", "--backend", "cktool"], environment: fake.environment())
        #expect(result.status == 0, "a just-in-time field is not drift: \(result.standardOutput)")
        #expect(result.standardOutput.contains("""
            information, not drift: development holds 1 element that neither its snapshot nor the project schema has (created just in time by the app):
              + field 'weather' STRING in 'JournalEntry'
            """))
        #expect(result.standardOutput.hasSuffix("no drift: development matches its snapshot\n"))
        #expect(project.state() == before)
    }

    @Test func driftIgnoresChangesNotDeployedYet() throws {
        let project = try ExampleProject()
        let production = String(decoding: try #require(project.contents("environments/production.ckdb")), as: UTF8.self)
        let fake = try FakeCKTool(export: production)
        let result = try project.run(["drift", "production", "--backend", "cktool"], environment: fake.environment())
        #expect(result.status == 0, "\(result.standardOutput)")
        #expect(result.standardOutput.contains("information, not drift: 4 changes of the project schema are not deployed "
            + "to production yet (snapshot → project):\n"))
    }

    @Test func productionIsPromotedInTheConsoleAndRecordedOnlyWhenConfirmed() throws {
        let project = try ExampleProject()
        let fake = try FakeCKTool()
        let before = project.state()
        let console = try project.run(["deploy", "--to", "production", "--backend", "cktool", "--yes"],
                                      environment: fake.environment())
        #expect(console.status == 0, "\(console.standardError)")
        #expect(console.standardOutput.contains("production has no supported import"))
        #expect(console.standardOutput.contains("  1. development already holds this schema ('environments/development.ckdb')"))
        #expect(console.standardOutput.contains("choose container 'iCloud.com.example.CloudJournal'"))
        #expect(console.standardOutput.contains("click \"Deploy Schema Changes…\", check that the pending changes are the 4 changes above"))
        #expect(console.standardOutput.hasSuffix("nothing was recorded: environments/production.ckdb is unchanged\n"))
        #expect(project.state() == before)
        #expect(try fake.calls().isEmpty, "cktool cannot import into production, so it is not asked to")
        let docs = try String(contentsOf: SharedCorpus.repositoryRoot.appendingPathComponent("docs/deploy.md"), encoding: .utf8)
        let start = try #require(docs.range(of: "```\nproduction has no supported import"))
        let end = try #require(docs[start.upperBound...].range(of: "```\n"))
        let steps = String(docs[docs.index(start.lowerBound, offsetBy: 4)..<end.lowerBound])
        #expect(console.standardOutput.hasSuffix("\n" + steps), "docs/deploy.md's Console steps are stale")

        let confirmed = try project.run(
            ["deploy", "--to", "production", "--backend", "cktool", "--confirm-console-deploy", "--yes"],
            environment: fake.environment())
        #expect(confirmed.status == 0, "\(confirmed.standardError)")
        #expect(confirmed.standardOutput.hasSuffix("deployed to production; recorded environments/production.ckdb\n"))
        #expect(project.contents("environments/production.ckdb") == project.contents("environments/development.ckdb"))
        #expect(try fake.calls().isEmpty)
    }

    @Test func aProductionDeployDevelopmentDoesNotHoldIsRefusedBeforeTheConsoleSteps() throws {
        let project = try projectWithAChange()
        let result = try project.run(["deploy", "--to", "production", "--backend", "cktool", "--yes"],
                                     environment: try FakeCKTool().environment())
        #expect(result.status == 1)
        #expect(result.standardError.contains("deploy to development first"))
        #expect(!result.standardOutput.contains("Deploy Schema Changes…"))
    }

    @Test func theConsoleStepsSayWhatDevelopmentHoldsBeyondTheSchema() throws {
        let project = try ExampleProject()
        try project.edit("environments/development.ckdb") {
            $0.replacing("        isFavorite      INT64 QUERYABLE,\n", with: "        isFavorite      INT64 QUERYABLE,\n        weather         STRING,\n")
        }
        let result = try project.run(["deploy", "--to", "production", "--backend", "cktool", "--yes"],
                                     environment: try FakeCKTool().environment())
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("  1. development holds this schema and 1 more change "
            + "('environments/development.ckdb'); the Console deploys everything development holds, so its pending "
            + "changes list those too"))
        #expect(result.standardOutput.contains("check that the pending changes are the 4 changes above and development's 1 more change"))
    }

    @Test func aCKToolPlanNamesTheContainerAndNeverTheToken() throws {
        let project = try projectWithAChange()
        let fake = try FakeCKTool()
        let written = try project.run(["deploy", "--to", "development", "--backend", "cktool", "--plan", "p.json"],
                                      environment: fake.environment())
        #expect(written.status == 0)
        let text = String(decoding: try #require(project.contents("p.json")), as: UTF8.self)
        #expect(text.contains("\"containerID\" : \"iCloud.com.example.CloudJournal\""))
        #expect(text.contains("\"teamID\" : \"ABCDE12345\""))
        #expect(!text.contains(FakeCKTool.token))
        #expect(!text.contains("CLOUDKIT_MANAGEMENT_TOKEN"))
        #expect(try fake.calls().isEmpty, "making a plan runs nothing")

        let applied = try project.run(["deploy", "--to", "development", "--backend", "cktool", "--plan", "p.json", "--yes"],
                                      environment: fake.environment())
        #expect(applied.status == 0, "\(applied.standardError)")
        #expect(try fake.calls().map(\.subcommand) == ["validate-schema", "import-schema"])
        expectNoToken(applied, project)
    }
}
