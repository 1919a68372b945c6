import CKSchemaProcess
import CKSchemaTestSupport
import Foundation
import Testing

/// The cktool-js backend against a fake CKTool JS (`FakeCKToolJS`) run by the real `node`: the calls made, the
/// environment chosen (never production for an import or a reset), the token only ever inside the driver's
/// standard input — in no argument list, environment or output — and, for every fault, exit 2 with one clear
/// sentence, snapshots byte-identical and the lock released. No network, no npm registry.
@Suite(.enabled(if: FakeCKToolJS.nodeIsAvailable, "needs node on PATH"))
struct CKToolJSBackendTests {
    static let container = "iCloud.com.example.CloudJournal"
    static let team = "ABCDE12345"

    /// The example project with a field added (something to import) and the fake CKTool JS in its `node_modules`.
    private func project(withAChange: Bool = true, export: String = "DEFINE SCHEMA\n") throws
        -> (ExampleProject, FakeCKToolJS) {
        let project = try ExampleProject()
        if withAChange { try project.addField() }
        return (project, try FakeCKToolJS(installedIn: project.url, export: export))
    }

    /// The token appears nowhere ckschema writes: its outputs, the project's files.
    private func expectNoToken(_ result: CommandRunner.Result, _ project: ExampleProject,
                               sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!result.standardOutput.contains(FakeCKToolJS.token), sourceLocation: sourceLocation)
        #expect(!result.standardError.contains(FakeCKToolJS.token), sourceLocation: sourceLocation)
        for (name, data) in project.state() {
            #expect(!String(decoding: data, as: UTF8.self).contains(FakeCKToolJS.token), "\(name)",
                    sourceLocation: sourceLocation)
        }
    }

    @Test func developmentIsValidatedThenImportedThenRecorded() throws {
        let (project, fake) = try project()
        let result = try project.run(["deploy", "--to", "development", "--backend", "cktool-js", "--yes"],
                                     environment: fake.environment())
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("deploy to development with the cktool-js backend\n"
            + "  container: iCloud.com.example.CloudJournal (team ABCDE12345)\n"))
        #expect(result.standardOutput.hasSuffix("deployed to development; recorded environments/development.ckdb\n"))
        let calls = try fake.calls()
        #expect(calls.map(\.method) == ["validateSchema", "importSchema"])
        let recorded = String(decoding: try #require(project.contents("environments/development.ckdb")), as: UTF8.self)
        #expect(recorded.contains("emoji           STRING"))
        for call in calls {
            #expect(call.environment == "DEVELOPMENT")
            #expect(call.teamID == Self.team && call.containerID == Self.container)
            #expect(call.schema == recorded, "CKTool JS is given exactly the schema that is recorded")
            #expect(call.token == FakeCKToolJS.token, "the token reaches the library (through the driver's standard input)")
        }
        expectNoToken(result, project)
    }

    @Test func aServerBusyOnceIsAskedAgainAndTheDeployGoesThrough() throws {
        let (project, fake) = try project()
        let result = try project.run(["deploy", "--to", "development", "--backend", "cktool-js", "--yes"],
                                     environment: fake.environment(["validateSchema": "busy-once", "importSchema": "busy-once"]))
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try fake.calls().map(\.method) == ["validateSchema", "validateSchema", "importSchema", "importSchema"])
        #expect(project.contents("environments/development.ckdb").map { String(decoding: $0, as: UTF8.self) }?
            .contains("emoji           STRING") == true)
    }

    struct Fault: Sendable, CustomTestStringConvertible {
        let name: String
        let arguments: [String]
        let modes: [String: String]
        var token: String? = FakeCKToolJS.token
        var installed = true
        let message: String
        /// The methods called, when the fault says which.
        var calls: [String]?
        var testDescription: String { name }
    }

    static let deployDevelopment = ["deploy", "--to", "development", "--backend", "cktool-js", "--yes", "--timeout", "1"]
    static let pullDevelopment = ["pull", "development", "--backend", "cktool-js", "--timeout", "1"]
    static let driftProduction = ["drift", "production", "--backend", "cktool-js", "--timeout", "1"]
    static let npmInstall = "npm install @apple/cktool.database @apple/cktool.target.nodejs"

    static let faults: [Fault] = [
        Fault(name: "validation rejects the schema", arguments: deployDevelopment, modes: ["validateSchema": "invalid"],
              message: "error: CloudKit rejected the schema (cktool-js validateSchema): Encountered \" <IDENTIFIER> "
                + "\"BADTYPE \"\" at line 6, column 25.; line 6 of the schema sent is '",
              calls: ["validateSchema"]),
        Fault(name: "bad token (401)", arguments: deployDevelopment, modes: ["validateSchema": "unauthorized"],
              message: "error: cktool-js validateSchema failed: CloudKit answered HTTP 401 AUTHENTICATION_FAILED: no "
                + "session for token [redacted] (request b2a1-401); check the management token in "
                + "CLOUDKIT_MANAGEMENT_TOKEN", calls: ["validateSchema"]),
        Fault(name: "unknown container (404)", arguments: pullDevelopment, modes: ["exportSchema": "unknown-container"],
              message: "error: cktool-js exportSchema failed: CloudKit answered HTTP 404 NOT_FOUND: container not found "
                + "(request b2a1-404); check 'cloudkit.containerID' ('iCloud.com.example.CloudJournal') and "
                + "'cloudkit.teamID' ('ABCDE12345') in ckschema.yaml\n", calls: ["exportSchema"]),
        Fault(name: "server down (500 forever)", arguments: deployDevelopment, modes: ["importSchema": "down"],
              message: "error: cktool-js importSchema failed: CloudKit answered HTTP 500 INTERNAL_ERROR: try again "
                + "later (gave up after 4 attempts)\n",
              calls: ["validateSchema", "importSchema", "importSchema", "importSchema", "importSchema"]),
        Fault(name: "import hangs", arguments: deployDevelopment, modes: ["importSchema": "hang"],
              message: "error: cktool-js importSchema did not finish within 1 second and was stopped (raise the limit "
                + "with --timeout)\n", calls: ["validateSchema", "importSchema"]),
        Fault(name: "garbage instead of a reply", arguments: deployDevelopment, modes: ["validateSchema": "garbage"],
              message: "error: cktool-js validateSchema: the CKTool JS driver answered something that is not a reply: "
                + "<html>502 Bad Gateway</html>\n", calls: ["validateSchema"]),
        Fault(name: "driver killed mid-import", arguments: deployDevelopment, modes: ["importSchema": "kill"],
              message: "error: cktool-js importSchema: the CKTool JS driver was killed by signal 9\n",
              calls: ["validateSchema", "importSchema"]),
        Fault(name: "no token", arguments: deployDevelopment, modes: [:], token: nil,
              message: "error: the cktool-js backend needs a CloudKit management token in CLOUDKIT_MANAGEMENT_TOKEN",
              calls: []),
        Fault(name: "packages not installed", arguments: deployDevelopment, modes: [:], installed: false,
              message: "error: the cktool-js backend cannot find @apple/cktool.database in '", calls: []),
        Fault(name: "export hangs", arguments: pullDevelopment, modes: ["exportSchema": "hang"],
              message: "error: cktool-js exportSchema did not finish within 1 second and was stopped"),
        Fault(name: "export is garbage", arguments: pullDevelopment, modes: ["exportSchema": "garbage"],
              message: "error: cktool-js exportSchema: the CKTool JS driver answered something that is not a reply"),
        Fault(name: "drift: bad token", arguments: driftProduction, modes: ["exportSchema": "unauthorized"],
              message: "error: cktool-js exportSchema failed: CloudKit answered HTTP 401"),
    ]

    @Test(arguments: faults)
    func everyFaultExitsTwoAndChangesNothing(_ fault: Fault) throws {
        let project = try ExampleProject()
        try project.addField()
        let fake = try FakeCKToolJS(installedIn: fault.installed ? project.url : project.url.appendingPathComponent(".unused"))
        let before = project.state()
        let started = Date()
        let result = try project.run(fault.arguments, environment: fake.environment(fault.modes, token: fault.token),
                                     timeout: 40)
        #expect(result.status == 2, "\(result.standardError)")
        #expect(result.standardError.contains(fault.message), "\(result.standardError)")
        if !fault.installed {
            #expect(result.standardError.contains(Self.npmInstall), "the exact npm install line is quoted")
        }
        #expect(!result.standardError.contains("Fatal error"))
        #expect(project.state() == before, "snapshots and every other file are byte-identical")
        #expect(!project.folder.listing().contains { $0.contains(".ckschema") }, "no lock or staged snapshot is left")
        expectNoToken(result, project)
        #expect(Date().timeIntervalSince(started) < 25, "a hanging driver is stopped at the time limit; retries are bounded")
        let calls = try fake.calls()
        if let expected = fault.calls { #expect(calls.map(\.method) == expected) }
        #expect(!calls.contains { $0.method == "importSchema" && $0.environment != "DEVELOPMENT" })
    }

    @Test func pullRecordsTheExportByteForByteAndDriftComparesIt() throws {
        let base = try ExampleProject()
        let production = String(decoding: try #require(base.contents("environments/production.ckdb")), as: UTF8.self)
        // A field added outside ckschema, in an export's own layout.
        let export = production.replacing("        isFavorite      INT64 QUERYABLE,\n",
                                          with: "        isFavorite      INT64 QUERYABLE,\n        weather STRING,\n")
        #expect(export != production)
        let fake = try FakeCKToolJS(installedIn: base.url, export: export)
        let drift = try base.run(["drift", "production", "--backend", "cktool-js"], environment: fake.environment())
        #expect(drift.status == 1, "a field production holds beyond its snapshot is drift: \(drift.standardOutput)")
        #expect(base.contents("environments/production.ckdb") == Data(production.utf8), "drift writes nothing")

        let pulled = try base.run(["pull", "production", "--backend", "cktool-js"], environment: fake.environment())
        #expect(pulled.status == 0, "\(pulled.standardError)")
        #expect(pulled.standardOutput.hasPrefix("recorded environments/production.ckdb: 1 change since the last snapshot\n"))
        #expect(base.contents("environments/production.ckdb") == Data(export.utf8))
        let calls = try fake.calls()
        #expect(calls.map(\.method) == ["exportSchema", "exportSchema"])
        #expect(calls.allSatisfy { $0.environment == "PRODUCTION" && $0.containerID == Self.container })
    }

    @Test func productionIsPromotedInTheConsoleAndRecordedOnlyWhenConfirmed() throws {
        let (project, fake) = try project(withAChange: false)
        let before = project.state()
        let console = try project.run(["deploy", "--to", "production", "--backend", "cktool-js", "--yes"],
                                      environment: fake.environment())
        #expect(console.status == 0, "\(console.standardError)")
        #expect(console.standardOutput.contains("production has no supported import (CKTool JS's importSchema is "
            + "refused there): promote the schema in the CloudKit Console, then record it\n"))
        #expect(console.standardOutput.contains("click \"Deploy Schema Changes…\""))
        #expect(console.standardOutput.contains("'ckschema pull production' reads it back through CKTool JS (or "))
        #expect(console.standardOutput.hasSuffix("nothing was recorded: environments/production.ckdb is unchanged\n"))
        #expect(project.state() == before)
        #expect(try fake.calls().isEmpty, "nothing is ever imported into production")

        let confirmed = try project.run(
            ["deploy", "--to", "production", "--backend", "cktool-js", "--confirm-console-deploy", "--yes"],
            environment: fake.environment())
        #expect(confirmed.status == 0, "\(confirmed.standardError)")
        #expect(confirmed.standardOutput.hasSuffix("deployed to production; recorded environments/production.ckdb\n"))
        #expect(project.contents("environments/production.ckdb") == project.contents("environments/development.ckdb"))
        #expect(try fake.calls().isEmpty)
    }

    @Test func resetResetsDevelopmentToProductionBeforeTheImport() throws {
        let (project, fake) = try project()
        let result = try project.run(["deploy", "--to", "development", "--backend", "cktool-js", "--reset", "--yes"],
                                     environment: fake.environment())
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("development is reset to production's schema first (--reset)"))
        let calls = try fake.calls()
        #expect(calls.map(\.method) == ["validateSchema", "resetToProduction", "importSchema"])
        #expect(calls.allSatisfy { $0.environment == "DEVELOPMENT" })
    }

    @Test func anImportFailingAfterAResetSaysDevelopmentChanged() throws {
        let (project, fake) = try project()
        let before = project.state()
        let result = try project.run(["deploy", "--to", "development", "--backend", "cktool-js", "--reset", "--yes"],
                                     environment: fake.environment(["importSchema": "unauthorized"]))
        #expect(result.status == 2)
        #expect(result.standardError.contains("development was reset to production's schema first, so it no longer "
            + "matches its snapshot: run 'ckschema pull development'"))
        #expect(project.state() == before)
    }

    @Test func resetIsRefusedWhereItCannotApply() throws {
        let (project, fake) = try project()
        let production = try project.run(["deploy", "--to", "production", "--backend", "cktool-js", "--reset", "--yes"],
                                         environment: fake.environment())
        #expect(production.status == 2)
        #expect(production.standardError.contains("production itself is never reset"))
        let cktool = try project.run(["deploy", "--to", "development", "--backend", "cktool", "--reset", "--yes"],
                                     environment: fake.environment())
        #expect(cktool.status == 2)
        #expect(cktool.standardError.contains("--reset is for the cktool-js backend"))
        #expect(try fake.calls().isEmpty)
    }

    @Test func packagesAreLoadedFromTheFolderTheConfigurationNames() throws {
        let project = try ExampleProject()
        try project.addField()
        let fake = try FakeCKToolJS(installedIn: project.url.appendingPathComponent("tools/cloudkit"))
        try project.edit("ckschema.yaml") {
            $0.replacing("  teamID: ABCDE12345\n", with: "  teamID: ABCDE12345\n  nodePackages: tools/cloudkit\n")
        }
        let result = try project.run(["deploy", "--to", "development", "--backend", "cktool-js", "--yes"],
                                     environment: fake.environment())
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try fake.calls().map(\.method) == ["validateSchema", "importSchema"])
    }

    @Test func theConfigurationChoosesTheBackendPerEnvironment() throws {
        let base = try ExampleProject()
        let production = try #require(base.contents("environments/production.ckdb"))
        let fake = try FakeCKToolJS(installedIn: base.url, export: String(decoding: production, as: UTF8.self))
        try base.edit("ckschema.yaml") {
            $0.replacing("  production: { backend: directory }", with: "  production: { backend: cktool-js }")
        }
        let result = try base.run(["pull", "production"], environment: fake.environment())
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "production is up to date: 'environments/production.ckdb' already holds what "
            + "production holds\n")
        #expect(try fake.calls().map(\.environment) == ["PRODUCTION"])
    }

    @Test func initAdoptsBothLiveEnvironments() throws {
        let folder = try TemporaryDirectory()
        let example = try ExampleProject()
        let development = String(decoding: try #require(example.contents("environments/development.ckdb")), as: UTF8.self)
        let fake = try FakeCKToolJS(installedIn: folder.url, export: development)
        let result = try CommandRunner.run(["init", "--backend", "cktool-js", "--container-id", Self.container,
                                            "--team-id", Self.team], in: folder.url, environment: fake.environment())
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try fake.calls().map(\.environment) == ["DEVELOPMENT", "PRODUCTION"])
        let configuration = try String(contentsOf: folder.url.appendingPathComponent("ckschema.yaml"), encoding: .utf8)
        #expect(configuration.contains("development: { backend: cktool-js }"))
        #expect(FileManager.default.contents(atPath: folder.url.appendingPathComponent("environments/development.ckdb").path)
            == Data(development.utf8))
    }

    /// While the driver runs, its command line is `node DRIVER` and its environment has no token: the token is
    /// only in its standard input. The driver file is private. Killed outright, ckschema takes the driver with it,
    /// and the next deploy takes the lock over.
    @Test func theTokenIsInNoArgumentListAndTheDriverDiesWithCKSchema() throws {
        let (project, fake) = try project()
        let temporary = try TemporaryDirectory()
        var environment = fake.environment(["importSchema": "hang"])
        environment["TMPDIR"] = temporary.url.path
        let deploy = try project.launch(Self.deployDevelopment.dropLast(2) + ["--timeout", "60"], environment: environment)
        #expect(try Polling.wait(upTo: 20) { try fake.calls().contains { $0.method == "importSchema" } })
        let driver = try #require(try fake.calls().last?.pid)
        let commandLine = try Data(contentsOf: URL(fileURLWithPath: "/proc/\(driver)/cmdline"))
        let arguments = commandLine.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        #expect(arguments.count == 2, "\(arguments)")
        #expect(arguments.last?.hasSuffix("/cktool-js-driver.cjs") == true, "\(arguments)")
        #expect(!String(decoding: commandLine, as: UTF8.self).contains(FakeCKToolJS.token))
        let variables = try Data(contentsOf: URL(fileURLWithPath: "/proc/\(driver)/environ"))
        #expect(!String(decoding: variables, as: UTF8.self).contains(FakeCKToolJS.token))
        #expect(!String(decoding: variables, as: UTF8.self).contains("CLOUDKIT_MANAGEMENT_TOKEN="))
        let driverFile = try #require(arguments.last)
        let fileMode = try FileManager.default.attributesOfItem(atPath: driverFile)[.posixPermissions] as? Int
        let folderMode = try FileManager.default.attributesOfItem(
            atPath: (driverFile as NSString).deletingLastPathComponent)[.posixPermissions] as? Int
        #expect(fileMode == 0o600 && folderMode == 0o700)

        kill(deploy.processIdentifier, SIGKILL)
        _ = deploy.wait()
        #expect(ProcessLiveness.waitUntilEnded(driver, seconds: 5), "the driver does not outlive ckschema")
        environment["FAKE_CKJS_MODE_importSchema"] = "ok"
        let next = try project.run(Self.deployDevelopment, environment: environment)
        #expect(next.status == 0, "\(next.standardError)")
        #expect(next.standardError.contains("note: took over the lock"))
        #expect(!temporary.listing().contains { $0.hasPrefix("ckschema-") }, "the killed run's driver folder is removed")
    }

    /// SIGTERM is caught: the driver's group is killed, and the lock, the staged snapshot and the driver's private
    /// folder are removed.
    @Test func anInterruptedDeployKillsTheDriverAndLeavesNothing() throws {
        let (project, fake) = try project()
        let before = project.state()
        let temporary = try TemporaryDirectory()
        var environment = fake.environment(["importSchema": "hang"])
        environment["TMPDIR"] = temporary.url.path
        let deploy = try project.launch(Self.deployDevelopment.dropLast(2) + ["--timeout", "60"], environment: environment)
        #expect(try Polling.wait(upTo: 20) { try fake.calls().contains { $0.method == "importSchema" } })
        let driver = try #require(try fake.calls().last?.pid)
        kill(deploy.processIdentifier, SIGTERM)
        #expect(deploy.wait()?.termination == .signaled(SIGTERM))
        #expect(ProcessLiveness.waitUntilEnded(driver, seconds: 5))
        #expect(project.state() == before)
        #expect(!project.folder.listing().contains { $0.contains(".ckschema") })
        #expect(temporary.listing().isEmpty, "\(temporary.listing())")
    }

    @Test func aCKToolJSPlanNamesTheContainerAndIsAppliedExactly() throws {
        let (project, fake) = try project()
        let written = try project.run(["deploy", "--to", "development", "--backend", "cktool-js", "--plan", "p.json"],
                                      environment: fake.environment())
        #expect(written.status == 0, "\(written.standardError)")
        let text = String(decoding: try #require(project.contents("p.json")), as: UTF8.self)
        #expect(text.contains("\"backend\" : \"cktool-js\""))
        #expect(text.contains("\"containerID\" : \"iCloud.com.example.CloudJournal\""))
        #expect(!text.contains(FakeCKToolJS.token))
        #expect(try fake.calls().isEmpty, "making a plan runs nothing")
        let other = try project.run(["deploy", "--to", "development", "--backend", "cktool", "--plan", "p.json", "--yes"],
                                    environment: fake.environment())
        #expect(other.status == 1, "a cktool-js plan is applied by the cktool-js backend only")
        let applied = try project.run(["deploy", "--to", "development", "--backend", "cktool-js", "--plan", "p.json", "--yes"],
                                      environment: fake.environment())
        #expect(applied.status == 0, "\(applied.standardError)")
        #expect(try fake.calls().map(\.method) == ["validateSchema", "importSchema"])
    }
}

/// What happens without a usable Node.js: exit 2 naming what to install, and nothing run. These need no node.
@Suite struct CKToolJSNodeSetupTests {
    @Test func aMissingNodeNamesWhatToInstall() throws {
        let project = try ExampleProject()
        try project.addField()
        let empty = try TemporaryDirectory()
        let before = project.state()
        let result = try project.run(["deploy", "--to", "development", "--backend", "cktool-js", "--yes"],
                                     environment: ["PATH": empty.url.path, "CLOUDKIT_MANAGEMENT_TOKEN": FakeCKToolJS.token])
        #expect(result.status == 2)
        #expect(result.standardError == "error: the cktool-js backend needs Node.js 18 or later: 'node' is not on PATH; "
            + "install Node.js, then CKTool JS with 'npm install @apple/cktool.database @apple/cktool.target.nodejs'\n")
        #expect(project.state() == before)
    }

    @Test func anOldNodeIsRefused() throws {
        let project = try ExampleProject()
        let bin = try TemporaryDirectory()
        let node = try bin.write("#!/bin/sh\necho v16.20.2\n", to: "node")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: node.path)
        let result = try project.run(["pull", "development", "--backend", "cktool-js"],
                                     environment: ["CKSCHEMA_NODE": node.path, "CLOUDKIT_MANAGEMENT_TOKEN": FakeCKToolJS.token])
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("error: the cktool-js backend needs Node.js 18 or later: '\(node.path)' is "
            + "Node.js 16.20.2; install a newer Node.js, then CKTool JS with 'npm install @apple/cktool.database "
            + "@apple/cktool.target.nodejs'"), "\(result.standardError)")
    }
}
