import CKSchemaTestSupport
import Foundation
import Testing

/// The environment model end to end, on the example project: what diff, deploy and drift compare, and how they
/// classify, with each environment's snapshot consulted (docs/cloudkit-facts.md §1.5, §9 rule 29).
@Suite struct EnvironmentModelTests {
    /// The example project with `place` (in development, not in production) removed from `JournalEntry`.
    private func projectWithoutPlace() throws -> ExampleProject {
        let project = try ExampleProject()
        try project.edit("schemas/JournalEntry.yaml") { $0.replacing("      place:      location\n", with: "") }
        return project
    }

    private func occurrences(of text: String, in output: String) -> Int {
        output.components(separatedBy: text).count - 1
    }

    // MARK: Defect 2: deleting what only development has is a warning that says development's data is lost

    @Test func deletingAFieldOnlyDevelopmentHasIsAWarningInDiffAndInThePlan() throws {
        let project = try projectWithoutPlace()
        let diff = try project.run(["diff", "--from", "development"])
        #expect(diff.status == 0, "\(diff.standardOutput)")
        #expect(diff.standardOutput.contains("  warning   - field 'place' LOCATION"))
        #expect(diff.standardOutput.contains("warning: field 'place' of record type 'JournalEntry' is deleted; production "
            + "does not have it, so CloudKit allows this, and the data development holds for it is lost [field_no_delete]"))
        #expect(!diff.standardOutput.contains("CloudKit refuses"))

        let plan = try project.run(["deploy", "--to", "development", "--dry-run"])
        #expect(plan.status == 0, "\(plan.standardError)")
        #expect(plan.standardOutput.contains("production does not have it, so CloudKit allows this"))
        #expect(!plan.standardOutput.contains("CloudKit refuses"), "no false sentence")
        #expect(!plan.standardOutput.contains("does not touch production"), "no note contradicting it")
    }

    @Test func deletingARecordTypeOnlyDevelopmentHasIsAWarning() throws {
        let project = try ExampleProject()
        try FileManager.default.removeItem(at: project.url.appendingPathComponent("schemas/PublishedEntry.yaml"))
        let diff = try project.run(["diff", "--from", "development"])
        #expect(diff.status == 0, "\(diff.standardOutput)")
        #expect(diff.standardOutput.contains("warning: record type 'PublishedEntry' is deleted; production does not have it"))
    }

    @Test func deletingWhatProductionHasStaysBreakingWhateverTheSides() throws {
        let project = try ExampleProject()
        try project.edit("schemas/JournalEntry.yaml") { text in
            text.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.hasPrefix("      isFavorite:") }.joined(separator: "\n")
        }
        // (A git revision as the baseline is covered by ClassificationMatrixTests: the copy is no repository.)
        for sides in [["diff"], ["diff", "--from", "development"]] {
            let result = try project.run(sides)
            #expect(result.status == 1, "\(sides): \(result.standardOutput)")
            #expect(result.standardOutput.contains("CloudKit refuses to delete a field that is in production"), "\(sides)")
        }
    }

    @Test func theRenameNoteIsPrintedOnceInThePlan() throws {
        let project = try ExampleProject()
        try project.edit("schemas/JournalEntry.yaml") { $0.replacing("      place:      location\n", with: "      places:     location\n") }
        let plan = try project.run(["deploy", "--to", "development", "--dry-run"])
        #expect(plan.status == 0, "\(plan.standardError)")
        #expect(occurrences(of: "looks like a rename to 'places'", in: plan.standardOutput) == 1, "\(plan.standardOutput)")
        #expect(occurrences(of: "looks like a rename of field 'place'", in: plan.standardOutput) == 1)
    }

    // MARK: Defect 3: additions are safe, said once

    @Test func additionsAgainstProductionAreSafeAndSaidOnce() throws {
        let result = try CommandRunner.run(["diff"], in: SharedCorpus.repositoryRoot)
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("\n4 changes: 0 breaking, 0 warnings, 4 safe; deployable\n"))
        #expect(!result.standardOutput.contains("in_production"))
        #expect(occurrences(of: "\"Deploy Schema Changes\"", in: result.standardOutput) == 1)
        let json = try CommandRunner.run(["diff", "--format", "json"], in: SharedCorpus.repositoryRoot)
        #expect(json.standardOutput.contains("additions reach production only through the CloudKit Console"))
    }

    // MARK: Defect 4: production never gets ahead of development

    @Test func aProductionDeployDevelopmentDoesNotHoldIsRefused() throws {
        let project = try ExampleProject()
        try project.addField()
        let before = project.state()
        let refused = try project.run(["deploy", "--to", "production", "--yes"])
        #expect(refused.status == 1, "\(refused.standardOutput)")
        #expect(refused.standardError.contains("+ field 'emoji' STRING in 'Category'"))
        #expect(refused.standardError.contains("deploy to development first"))
        #expect(project.state() == before)

        #expect(try project.run(["deploy", "--to", "development", "--yes"]).status == 0)
        let promoted = try project.run(["deploy", "--to", "production", "--yes"])
        #expect(promoted.status == 0, "\(promoted.standardError)")
        #expect(project.contents("environments/production.ckdb") == project.contents("environments/development.ckdb"))
    }

    // MARK: Defect 5: a missing snapshot is an empty environment, everywhere, said once

    @Test func aMissingProductionSnapshotIsAnEmptyEnvironment() throws {
        let project = try ExampleProject()
        try FileManager.default.removeItem(at: project.url.appendingPathComponent("environments/production.ckdb"))
        let note = "there is no snapshot of production ('environments/production.ckdb'): it is taken as an empty "
            + "environment, never deployed"

        let diff = try project.run(["diff"])
        #expect(diff.status == 0, "\(diff.standardError)")
        #expect(occurrences(of: note, in: diff.standardOutput + diff.standardError) == 1, "\(diff.standardOutput)")
        #expect(!diff.standardOutput.contains("breaking  "))

        let reverse = try project.run(["diff", "--from", "development", "--to", "production"])
        #expect(reverse.status == 0, "deleting everything production lacks loses development data only")
        #expect(occurrences(of: note, in: reverse.standardOutput) == 1)

        let plan = try project.run(["deploy", "--to", "development", "--dry-run"])
        #expect(plan.status == 0, "\(plan.standardError)")
        #expect(occurrences(of: "environments/production.ckdb (no file yet: never deployed)", in: plan.standardOutput) == 1)

        let lint = try project.run(["lint", "production"])
        #expect(lint.status == 0, "\(lint.standardError)")
        #expect(occurrences(of: note, in: lint.standardError) == 1)

        let drift = try project.run(["drift", "production"])
        #expect(drift.status == 0, "\(drift.standardOutput)")
        #expect(occurrences(of: note, in: drift.standardOutput) == 1)
    }

    // MARK: Defect 1: drift is the live environment against its snapshot, nothing else

    @Test func undeployedProjectChangesAreNotDriftWithTheDirectoryBackend() throws {
        let project = try ExampleProject()
        try project.edit("schemas/JournalEntry.yaml") {
            $0.replacing("title:      { type: string, indexes: [queryable, searchable] }",
                         with: "title:      { type: string, indexes: [queryable] }")
        }
        for environment in ["production", "development"] {
            let result = try project.run(["drift", environment])
            #expect(result.status == 0, "\(environment): \(result.standardOutput)")
            #expect(result.standardOutput.hasSuffix("\nno drift: \(environment) matches its snapshot\n"))
            #expect(result.standardOutput.contains("(the directory backend: the environment is its snapshot, so it cannot drift)"))
            #expect(result.standardOutput.contains("- index SEARCHABLE on 'title' in 'JournalEntry'"))
            #expect(!result.standardOutput.contains("reset"), "CloudKit cannot reset production")
        }
    }

    /// The live export differs from the snapshot in one way; what drift says about it.
    struct LiveCase: Sendable, CustomTestStringConvertible {
        let name: String
        let environment: String
        let edit: @Sendable (String) -> String
        let drift: Bool
        let line: String
        var testDescription: String { name }
    }

    static let liveCases: [LiveCase] = [
        LiveCase(name: "field added outside ckschema (production)", environment: "production", edit: {
            $0.replacing("        isFavorite      INT64 QUERYABLE,\n", with: "        isFavorite      INT64 QUERYABLE,\n        weather         STRING,\n")
        }, drift: true, line: "drift: production changed outside ckschema since its snapshot was recorded (1 change, "
            + "snapshot → live):\n  + field 'weather' STRING in 'JournalEntry'\n"),
        LiveCase(name: "field the project declares, deployed outside ckschema", environment: "production", edit: {
            $0.replacing("        mood            STRING,\n", with: "        mood            STRING,\n        place           LOCATION,\n")
        }, drift: true, line: "  + field 'place' LOCATION in 'JournalEntry'\n"),
        LiveCase(name: "just-in-time field (development)", environment: "development", edit: {
            $0.replacing("        isFavorite      INT64 QUERYABLE,\n", with: "        isFavorite      INT64 QUERYABLE,\n        weather         STRING,\n")
        }, drift: false, line: "information, not drift: development holds 1 element that neither its snapshot nor the "
            + "project schema has (created just in time by the app):\n  + field 'weather' STRING in 'JournalEntry'\n"),
        LiveCase(name: "index removed outside ckschema", environment: "development", edit: {
            $0.replacing("        isFavorite      INT64 QUERYABLE,\n", with: "        isFavorite      INT64,\n")
        }, drift: true, line: "  - index QUERYABLE on 'isFavorite' in 'JournalEntry'\n"),
    ]

    @Test(arguments: liveCases)
    func driftAgainstTheLiveEnvironment(_ liveCase: LiveCase) throws {
        let project = try ExampleProject()
        let snapshot = String(decoding: try #require(project.contents("environments/\(liveCase.environment).ckdb")), as: UTF8.self)
        let live = liveCase.edit(snapshot)
        #expect(live != snapshot, "the case changes nothing")
        let fake = try FakeCKTool(export: live)
        let before = project.state()
        let result = try project.run(["drift", liveCase.environment, "--backend", "cktool"], environment: fake.environment())
        #expect(result.status == (liveCase.drift ? 1 : 0), "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains(liveCase.line), "\(result.standardOutput)")
        if liveCase.drift {
            #expect(result.standardOutput.hasSuffix("drift found: record the live schema with 'ckschema pull "
                + "\(liveCase.environment)', then review the recorded change with 'git diff'\n"))
        }
        #expect(!result.standardOutput.contains("reset"))
        #expect(project.state() == before)
    }

    // MARK: Deploy output (issue 14): the change list is the review; the schema only on request

    @Test func theSchemaIsShownOnlyWithShowSchema() throws {
        let project = try ExampleProject()
        try project.addField()
        let unconfirmed = try project.run(["deploy", "--to", "development"])
        #expect(unconfirmed.status == 2, "no terminal and no --yes")
        #expect(unconfirmed.standardOutput.contains("+ field 'emoji' STRING"))
        #expect(!unconfirmed.standardOutput.contains("schema to apply"), "nothing is 'recorded as' before the refusal")
        let shown = try project.run(["deploy", "--to", "development", "--dry-run", "--show-schema"])
        #expect(shown.standardOutput.contains("schema to apply, recorded as environments/development.ckdb:\nDEFINE SCHEMA\n"))
    }
}
