import CKSchemaProcess
import CKSchemaTestSupport
import Foundation
import Testing

/// Deploys against hostile repositories and hard faults: a lock path that is a link, a plan edited to misstate
/// what it deploys, ckschema killed while cktool imports, a token that cannot be one, an export holding the
/// token, a recording that fails after the import, what interruptions leave behind.
@Suite(.timeLimit(.minutes(3))) struct DeployHardeningTests {
    static let deployDevelopment = ["deploy", "--to", "development", "--backend", "cktool", "--yes"]

    /// A project whose development deploy has a change to import.
    private func project() throws -> ExampleProject {
        let project = try ExampleProject()
        try project.addField()
        return project
    }

    // MARK: - Confirmed 1: the lock never follows a link

    @Test(arguments: [["deploy", "--to", "production", "--yes"], ["pull", "development", "--backend", "cktool"]])
    func aLockPathThatIsALinkIsRefusedAndItsTargetUntouched(_ arguments: [String]) throws {
        let project = try ExampleProject()
        let victim = try project.folder.write("the user's own file\n", to: "victim.txt")
        let lock = project.url.appendingPathComponent("environments/.ckschema.lock").path
        try FileManager.default.createSymbolicLink(atPath: lock, withDestinationPath: victim.path)
        let fake = try FakeCKTool(export: "DEFINE SCHEMA\n")
        let result = try project.run(arguments, environment: fake.environment())
        #expect(result.status == 2)
        #expect(result.standardError == "error: the lock 'environments/.ckschema.lock' is a symbolic link; ckschema never "
            + "follows one there (it would overwrite what the link points at): remove the link, and keep "
            + "'.ckschema.lock' out of version control\n")
        #expect(try String(contentsOf: victim, encoding: .utf8) == "the user's own file\n")
        #expect(try fake.calls().isEmpty)

        // A dangling link is refused just as clearly (it used to say "it keeps changing").
        try FileManager.default.removeItem(atPath: lock)
        try FileManager.default.createSymbolicLink(atPath: lock, withDestinationPath: "/nonexistent/ckschema-victim")
        let dangling = try project.run(arguments, environment: fake.environment())
        #expect(dangling.status == 2)
        #expect(dangling.standardError.contains("is a symbolic link; ckschema never follows one there"))
    }

    // MARK: - Confirmed 5: a hand-edited plan

    /// The plan's schema gains a field and its digest is recomputed: the change list no longer tells the truth.
    @Test func aPlanWhoseSchemaWasEditedAndRedigestedIsRefused() throws {
        let project = try ExampleProject()
        let made = try project.run(["deploy", "--to", "production", "--plan", "p.json"])
        #expect(made.status == 0, "\(made.standardError)")
        let file = project.url.appendingPathComponent("p.json")
        var plan = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let ckdb = try #require(plan["ckdb"] as? String)
        let edited = ckdb.replacing("        width           INT64\n", with: "        width           INT64,\n        secretField STRING\n")
        #expect(edited != ckdb)
        plan["ckdb"] = edited
        plan["ckdbSHA256"] = try Self.sha256(edited)
        try JSONSerialization.data(withJSONObject: plan, options: [.prettyPrinted, .sortedKeys]).write(to: file)
        let before = project.state()

        let result = try project.run(["deploy", "--to", "production", "--plan", "p.json", "--yes"])
        #expect(result.status == 1)
        #expect(result.standardError == "error: the plan does not match its own schema: it lists 4 changes, and its "
            + "schema makes 5 against the production snapshot; it was edited after it was made, so nothing was applied "
            + "(make the plan again)\n")
        #expect(result.standardOutput.isEmpty, "the misstated change list is never shown as the review")
        #expect(project.state() == before)
    }

    /// The SHA-256 of `text` as `sha256sum` prints it.
    private static func sha256(_ text: String) throws -> String {
        let folder = try TemporaryDirectory()
        let file = try folder.write(text, to: "ckdb")
        return String(try CommandRunner.output(of: "sha256sum", [file.path]).prefix(64))
    }

    // MARK: - Confirmed 6: ckschema killed while cktool imports

    /// SIGKILL cannot be caught: cktool goes on. It holds the lock (inherited), so the next deploy is refused
    /// until cktool has ended; then the lock is taken over (and said so), and what the killed run left — the
    /// staged snapshot, the private temporary folder — is removed.
    @Test func aKilledDeploysCKToolKeepsTheLockUntilItEnds() throws {
        let project = try project()
        let fake = try FakeCKTool()
        let temporary = try TemporaryDirectory()
        var environment = fake.environment(["import-schema": "sleep"])
        environment["FAKE_SLEEP"] = "4"
        environment["TMPDIR"] = temporary.url.path
        let first = try project.launch(Self.deployDevelopment, environment: environment)
        #expect(try Polling.wait(upTo: 20) { try fake.calls().contains { $0.subcommand == "import-schema" } })
        kill(first.processIdentifier, SIGKILL)
        _ = first.wait()
        #expect(project.folder.listing().contains { $0.hasPrefix("environments/.ckschema-") }, "a staged snapshot is left")
        #expect(temporary.listing().contains { $0.hasPrefix("ckschema-") }, "cktool's temporary folder is left")

        environment["FAKE_MODE_import_schema"] = "ok"
        let second = try project.run(Self.deployDevelopment, environment: environment)
        #expect(second.status == 2)
        #expect(second.standardError.hasPrefix("error: the lock 'environments/.ckschema.lock' is still held by a "
            + "program that an ended deploy started (pid \(first.processIdentifier) on host "))
        #expect(try fake.calls().map(\.subcommand) == ["validate-schema", "import-schema"], "the second deploy ran nothing")

        // Once the first import has ended, a deploy goes ahead, says it took over the lock, and cleans up.
        #expect(try Polling.wait(upTo: 20) { try project.run(Self.deployDevelopment, environment: environment).status == 0 })
        #expect(try fake.calls().map(\.subcommand).suffix(2) == ["validate-schema", "import-schema"])
        #expect(!project.folder.listing().contains { $0.contains(".ckschema") }, "no lock or staged snapshot is left")
        #expect(!temporary.listing().contains { $0.hasPrefix("ckschema-") }, "the killed run's temporary folder is removed")
    }

    @Test func aStaleLockTakenOverIsReported() throws {
        let project = try ExampleProject()
        let stale = "pid 999999 on host elsewhere since 2020-01-01T00:00:00Z: ckschema deploy --to production"
        try project.folder.write(stale + "\n", to: "environments/.ckschema.lock")
        let result = try project.run(["deploy", "--to", "production", "--yes"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("note: took over the lock 'environments/.ckschema.lock' left by a run that "
            + "no longer holds it (\(stale))"))
    }

    /// SIGTERM is caught: the lock, the staged snapshot and cktool's temporary folder are all removed.
    @Test func anInterruptedDeployLeavesNoTemporaryFile() throws {
        let project = try project()
        let before = project.state()
        let fake = try FakeCKTool()
        let temporary = try TemporaryDirectory()
        var environment = fake.environment(["import-schema": "hang"])
        environment["TMPDIR"] = temporary.url.path
        let deploy = try project.launch(Self.deployDevelopment, environment: environment)
        #expect(try Polling.wait(upTo: 20) { try fake.calls().contains { $0.subcommand == "import-schema" } })
        #expect(!temporary.listing().isEmpty)
        kill(deploy.processIdentifier, SIGTERM)
        #expect(deploy.wait()?.termination == .signaled(SIGTERM))
        #expect(project.state() == before)
        #expect(!project.folder.listing().contains { $0.contains(".ckschema") })
        #expect(temporary.listing().isEmpty, "\(temporary.listing())")
    }

    // MARK: - The token

    @Test(arguments: ["\n\n\n", "   ", "\t\u{1}", "short"])
    func aValueThatCannotBeATokenIsRefusedBeforeAnythingRuns(_ token: String) throws {
        let project = try project()
        let fake = try FakeCKTool()
        let result = try project.run(Self.deployDevelopment, environment: fake.environment(token: token))
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("error: the cktool backend needs a CloudKit management token in "
            + "CLOUDKIT_MANAGEMENT_TOKEN, but its value "))
        #expect(try fake.calls().isEmpty)
    }

    /// A token followed by a combining mark forms one `Character` with it; scrubbing bytes still catches it.
    @Test func theTokenFollowedByACombiningMarkIsRedacted() throws {
        let project = try project()
        let fake = try FakeCKTool()
        let result = try project.run(Self.deployDevelopment, environment: fake.environment(["validate-schema": "marked"]))
        #expect(result.status == 2)
        #expect(result.standardError.contains("error: token [redacted]\u{0301} was refused"))
        #expect(!Array(result.standardError.utf8).containsSequence(Array(FakeCKTool.token.utf8)))
    }

    /// A snapshot is recorded byte for byte or not at all: an export holding the token is refused, not altered.
    @Test func anExportHoldingTheTokenIsRefusedNotRewritten() throws {
        let project = try ExampleProject()
        let before = project.state()
        let fake = try FakeCKTool()
        let result = try project.run(["pull", "development", "--backend", "cktool"],
                                     environment: fake.environment(["export-schema": "leak"]))
        #expect(result.status == 2)
        #expect(result.standardError == "error: cktool export-schema returned a schema holding the management token; "
            + "nothing was recorded (a snapshot is recorded byte for byte, and the token must never be written)\n")
        #expect(project.state() == before)
    }

    /// Plan files never hold the token: a plan that would (the schema uses its value as a name) is not written.
    @Test func aPlanThatWouldHoldTheTokenIsNotWritten() throws {
        let project = try ExampleProject()
        let token = "tokenlikefieldname0123456789"
        try project.edit("schemas/Category.yaml") {
            $0.replacing("      isArchived: { type: bool, default: false }\n",
                         with: "      isArchived: { type: bool, default: false }\n      \(token): string\n")
        }
        let result = try project.run(["deploy", "--to", "development", "--plan", "p.json"],
                                     environment: ["CLOUDKIT_MANAGEMENT_TOKEN": token])
        #expect(result.status == 2)
        #expect(result.standardError.hasSuffix("error: the plan would hold the CloudKit management token (the project "
            + "schema contains it); no plan was written\n"))
        #expect(project.contents("p.json") == nil)
        #expect(!result.standardOutput.contains(token))
    }

    // MARK: - Recording after the import

    @Test func aRecordingThatFailsAfterTheImportSaysWhatToDo() throws {
        let project = try project()
        let fake = try FakeCKTool()
        var environment = fake.environment(["import-schema": "sabotage"])
        environment["FAKE_SABOTAGE"] = project.url.appendingPathComponent("environments/development.ckdb").path
        let result = try project.run(Self.deployDevelopment, environment: environment)
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("error: development now holds the schema, but recording it failed: "
            + "cannot record 'environments/development.ckdb': "))
        #expect(result.standardError.hasSuffix("; run 'ckschema pull development' to record what development holds\n"))
        #expect(!project.folder.listing().contains { $0.contains(".ckschema") })
    }

    // MARK: - Snapshots

    @Test func aDeployKeepsTheSnapshotsMode() throws {
        let project = try ExampleProject()
        let snapshot = project.url.appendingPathComponent("environments/production.ckdb").path
        #expect(chmod(snapshot, 0o600) == 0)
        let result = try project.run(["deploy", "--to", "production", "--yes"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try FileManager.default.attributesOfItem(atPath: snapshot)[.posixPermissions] as? Int == 0o600)
    }

    /// A snapshot that is a link is refused before cktool is called: nothing is imported that could not be
    /// recorded, and neither the link nor the file it points at changes.
    @Test func aLinkedSnapshotIsRefusedBeforeTheImport() throws {
        let project = try project()
        let snapshot = project.url.appendingPathComponent("environments/development.ckdb")
        let shared = try project.folder.write(String(decoding: try Data(contentsOf: snapshot), as: UTF8.self),
                                              to: "shared/development.ckdb")
        try FileManager.default.removeItem(at: snapshot)
        try FileManager.default.createSymbolicLink(atPath: snapshot.path, withDestinationPath: shared.path)
        let before = try Data(contentsOf: shared)
        let fake = try FakeCKTool()
        let result = try project.run(Self.deployDevelopment, environment: fake.environment())
        #expect(result.status == 2)
        #expect(result.standardError == "error: 'environments/development.ckdb' is a symbolic link; ckschema never writes "
            + "through a link or replaces one (replace the link with the file itself, or write elsewhere)\n")
        #expect(try fake.calls().isEmpty)
        #expect(try Data(contentsOf: shared) == before)
    }
}
