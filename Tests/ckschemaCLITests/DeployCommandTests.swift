import CKSchemaProcess
import CKSchemaTestSupport
import Foundation
import Testing

/// `ckschema deploy` with the directory backend, end to end on a copy of the example project: the plan, the
/// production gate, confirmation, recording, and that every refusal or failure leaves the snapshots alone.
@Suite struct DeployCommandTests {
    @Test func exampleDeploysDevelopmentThenProduction() throws {
        let project = try ExampleProject()
        let development = project.contents("environments/development.ckdb")

        let toDevelopment = try project.run(["deploy", "--to", "development", "--yes"])
        #expect(toDevelopment.status == 0, "\(toDevelopment.standardError)")
        #expect(toDevelopment.standardOutput.contains("no changes: development already holds this schema"))
        #expect(toDevelopment.standardOutput.contains(
            "production gate: passed (4 changes from production, none breaking: 0 warnings, 4 safe)"))
        #expect(toDevelopment.standardOutput.hasSuffix("nothing to deploy: development already holds this schema\n"))

        let toProduction = try project.run(["deploy", "--to", "production", "--yes"])
        #expect(toProduction.status == 0, "\(toProduction.standardError)")
        #expect(toProduction.standardOutput.contains("  safe      + role 'Moderator'"))
        #expect(toProduction.standardOutput.contains("4 changes: 0 breaking, 0 warnings, 4 safe\n"))
        #expect(!toProduction.standardOutput.contains("schema to apply"), "the schema only with --show-schema")
        #expect(toProduction.standardOutput.hasSuffix("deployed to production; recorded environments/production.ckdb\n"))
        // Both snapshots are now the printed project schema, byte for byte.
        #expect(project.contents("environments/production.ckdb") == development)
        #expect(project.contents("environments/development.ckdb") == development)

        let again = try project.run(["deploy", "--to", "production", "--yes"])
        #expect(again.status == 0)
        #expect(again.standardOutput.hasSuffix("nothing to deploy: production already holds this schema\n"))
        let diff = try project.run(["diff"])
        #expect(diff.standardOutput.hasSuffix("\nno changes\n"))
        let pristine = try ExampleProject().folder.listing()
        #expect(project.folder.listing() == pristine,
                "no lock file or temporary file is left behind")
    }

    @Test func docsShowTheExamplesRealPlan() throws {
        let docs = try String(contentsOf: SharedCorpus.repositoryRoot.appendingPathComponent("docs/deploy.md"), encoding: .utf8)
        let start = try #require(docs.range(of: "(`ckschema deploy --to production --dry-run`):\n\n```\n"))
        let end = try #require(docs[start.upperBound...].range(of: "```\n"))
        let result = try CommandRunner.run(["deploy", "--to", "production", "--dry-run"], in: SharedCorpus.repositoryRoot)
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix(String(docs[start.upperBound..<end.lowerBound])),
                "docs/deploy.md's plan example is stale")
    }

    @Test func aNewFieldGoesToDevelopmentThenToProduction() throws {
        let project = try ExampleProject()
        try project.addField()
        let production = project.contents("environments/production.ckdb")

        let toDevelopment = try project.run(["deploy", "--to", "development", "--yes"])
        #expect(toDevelopment.status == 0, "\(toDevelopment.standardError)")
        #expect(toDevelopment.standardOutput.contains("  safe      + field 'emoji' STRING  schemas/Category.yaml:13:7"))
        #expect(toDevelopment.standardOutput.contains("1 change: 0 breaking, 0 warnings, 1 safe"))
        let recorded = try #require(project.contents("environments/development.ckdb"))
        #expect(String(decoding: recorded, as: UTF8.self).contains("        emoji           STRING,\n"))
        #expect(project.contents("environments/production.ckdb") == production)

        let toProduction = try project.run(["deploy", "--to", "production", "--yes"])
        #expect(toProduction.status == 0)
        #expect(toProduction.standardOutput.contains("5 changes: 0 breaking, 0 warnings, 5 safe"))
        #expect(project.contents("environments/production.ckdb") == recorded)
    }

    @Test(arguments: ["development", "production"])
    func aChangeProductionRefusesIsRefusedForEitherEnvironment(_ environment: String) throws {
        let project = try ExampleProject()
        try project.edit("schemas/JournalEntry.yaml") {
            $0.replacing("      mood:       { type: string, enum: [happy, neutral, sad, excited, anxious], default: neutral, indexes: [queryable] }",
                         with: "      mood:       int64")
        }
        let before = project.state()
        let result = try project.run(["deploy", "--to", environment, "--yes"])
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("breaking  ~ field 'mood' STRING → INT64"))
        #expect(result.standardOutput.contains("[field_same_type]"))
        #expect(result.standardOutput.contains("production gate: refused"))
        #expect(!result.standardOutput.contains("schema to apply"))
        #expect(result.standardError == "error: refused: production would refuse this schema; nothing was applied\n")
        #expect(project.state() == before)
    }

    @Test func deletingWhatOnlyDevelopmentHoldsIsAWarningNotARefusal() throws {
        let project = try ExampleProject()
        try project.edit("schemas/JournalEntry.yaml") { $0.replacing("      place:      location\n", with: "") }
        let result = try project.run(["deploy", "--to", "development", "--yes"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("  warning   - field 'place' LOCATION"))
        #expect(result.standardOutput.contains("production does not have it, so CloudKit allows this, and the data development "
            + "holds for it is lost [field_no_delete]"))
        #expect(!result.standardOutput.contains("CloudKit refuses"))
        #expect(result.standardOutput.contains("production gate: passed"))
        let recorded = String(decoding: try #require(project.contents("environments/development.ckdb")), as: UTF8.self)
        #expect(!recorded.contains("place"))
    }

    @Test func lintErrorsStopTheDeploy() throws {
        let project = try ExampleProject()
        try project.edit("schemas/PublishedEntry.yaml") { $0.replacing("Moderator: [read, write] }", with: "Editor: [read] }") }
        let before = project.state()
        let result = try project.run(["deploy", "--to", "development", "--yes"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("[grant_role_declared]"))
        #expect(result.standardError.hasSuffix("error: refused: the project schema has 1 lint error; nothing was applied\n"))
        #expect(result.standardOutput.isEmpty)
        #expect(project.state() == before)
    }

    @Test(arguments: [["--to", "production"], ["--to", "development"]])
    func dryRunWritesNothing(_ arguments: [String]) throws {
        let project = try ExampleProject()
        // Production only receives what development holds: the new field is for development only.
        if arguments.contains("development") { try project.addField() }
        let before = project.state()
        let result = try project.run(["deploy", "--dry-run"] + arguments)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasSuffix("\ndry run: nothing was applied or recorded\n"))
        #expect(project.state() == before)
    }

    @Test func outsideATerminalYesIsRequired() throws {
        let project = try ExampleProject()
        let before = project.state()
        let result = try project.run(["deploy", "--to", "production"], )
        #expect(result.status == 2)
        #expect(result.standardError == "error: not applied: confirm with --yes (ckschema asks only when standard input "
            + "and standard error are a terminal)\n")
        #expect(result.standardOutput.contains("4 changes: 0 breaking, 0 warnings, 4 safe"))
        #expect(!result.standardOutput.contains("schema to apply"), "nothing is 'recorded as' before the refusal")
        #expect(project.state() == before)
    }

    struct Misuse: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    @Test(arguments: [
        Misuse(arguments: ["deploy"], message: "Missing expected argument '--to <environment>'"),
        Misuse(arguments: ["deploy", "--to", "staging"], message: "The value 'staging' is invalid for '--to <environment>'"),
        Misuse(arguments: ["deploy", "--to", "production", "--dry-run", "--plan", "p.json"],
               message: "--dry-run writes no plan file and applies none"),
        Misuse(arguments: ["deploy", "--to", "development", "--confirm-console-deploy"],
               message: "--confirm-console-deploy records a Console deploy, which only production needs"),
        Misuse(arguments: ["deploy", "--to", "production", "--confirm-console-deploy", "--yes"],
               message: "error: --confirm-console-deploy is for the cktool and cktool-js backends"),
        Misuse(arguments: ["deploy", "--to", "production", "--timeout", "0"],
               message: "--timeout must be a positive number of seconds"),
        Misuse(arguments: ["deploy", "--to", "production", "--backend", "ftp"],
               message: "The value 'ftp' is invalid for '--backend <backend>'"),
    ])
    func misuseExitsTwoAndChangesNothing(_ misuse: Misuse) throws {
        let project = try ExampleProject()
        let before = project.state()
        let result = try project.run(misuse.arguments)
        #expect(result.status == 2)
        #expect(result.standardError.contains(misuse.message), "\(result.standardError)")
        #expect(project.state() == before)
    }

    @Test func aFirstDeployCreatesTheSnapshot() throws {
        let project = try ExampleProject()
        let development = try #require(project.contents("environments/development.ckdb"))
        try FileManager.default.removeItem(at: project.url.appendingPathComponent("environments"))
        #expect(try project.run(["deploy", "--to", "development", "--yes"]).status == 0)
        let result = try project.run(["deploy", "--to", "production", "--yes"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("base:   environments/production.ckdb (no file yet: never deployed)"))
        #expect(result.standardOutput.contains("7 changes: 0 breaking, 0 warnings, 7 safe"))
        #expect(project.contents("environments/production.ckdb") == development)
        #expect(project.folder.listing().contains { $0.hasSuffix(".lock") } == false)
    }

    @Test func anUnreadableSnapshotStopsTheDeploy() throws {
        let project = try ExampleProject()
        try project.folder.write("DEFINE SCHEMA\n    RECORD TYPE Note (title STRIN);\n", to: "environments/production.ckdb")
        let before = project.state()
        let result = try project.run(["deploy", "--to", "development", "--yes"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("environments/production.ckdb:2:29: error: expected a data type"))
        #expect(result.standardError.hasSuffix(
            "error: the production snapshot 'environments/production.ckdb' is not a valid schema\n"))
        #expect(project.state() == before)
    }
}

/// The confirmation prompt, answered through a pseudo-terminal (`script` from util-linux).
@Suite struct DeployConfirmationTests {
    /// Runs `ckschema arguments…` on a pseudo-terminal with `answer` typed in; `nil` when `script` is missing.
    private func runOnTerminal(_ arguments: [String], in project: ExampleProject, answer: String) throws
        -> (status: Int32, output: String)? {
        #if os(Linux)
        let script = "/usr/bin/script"
        guard FileManager.default.isExecutableFile(atPath: script) else { return nil }
        let command = ([CommandRunner.executable.path] + arguments).joined(separator: " ")
        let result = try ChildProcess.run(script, arguments: ["-qec", command, "/dev/null"], options: ChildProcess.Options(
            input: Data(answer.utf8), workingDirectory: project.url.path, timeout: 60,
            outputLimit: CommandRunner.outputLimit))
        return (result.exitStatus ?? -1, String(decoding: result.standardOutput + result.standardError, as: UTF8.self))
        #else
        return nil
        #endif
    }

    @Test func answeringNoAppliesNothingAndYesApplies() throws {
        let project = try ExampleProject()
        let before = project.state()
        guard let declined = try runOnTerminal(["deploy", "--to", "production"], in: project, answer: "n\n") else {
            print("note: util-linux 'script' is not available; the terminal prompt is not exercised")
            return
        }
        #expect(declined.status == 1)
        #expect(declined.output.contains("apply 4 changes to production? [y/N] "))
        #expect(declined.output.contains("error: not applied: the deploy was not confirmed"))
        #expect(project.state() == before)

        let accepted = try #require(try runOnTerminal(["deploy", "--to", "production"], in: project, answer: "y\n"))
        #expect(accepted.status == 0, "\(accepted.output)")
        #expect(accepted.output.contains("deployed to production; recorded environments/production.ckdb"))
        #expect(project.contents("environments/production.ckdb") == project.contents("environments/development.ckdb"))
    }
}
