import CKSchemaTestSupport
import Foundation
import Testing

/// `ckschema deploy --plan FILE`: plans are written without touching anything, applied exactly, and refused
/// when stale or edited.
@Suite struct DeployPlanFileTests {
    private func plan(at url: URL) throws -> [String: Any] {
        let data = try Data(contentsOf: url)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func aWrittenPlanIsAppliedExactlyEvenAfterTheSchemaChanged() throws {
        let project = try ExampleProject()
        let before = project.state()
        let written = try project.run(["deploy", "--to", "production", "--plan", "production-plan.json"])
        #expect(written.status == 0, "\(written.standardError)")
        #expect(written.standardOutput.hasSuffix("plan written to production-plan.json; apply it with 'ckschema deploy "
            + "--to production --plan production-plan.json --yes'\n"))
        var after = project.state()
        let planData = try #require(after["production-plan.json"])
        after["production-plan.json"] = nil
        #expect(after == before, "writing a plan changes nothing else")

        let document = try plan(at: project.url.appendingPathComponent("production-plan.json"))
        #expect(document["format"] as? String == "ckschema-deploy-plan")
        #expect(document["version"] as? Int == 2)
        #expect(document["environment"] as? String == "production")
        #expect(document["backend"] as? String == "directory")
        #expect(document["deployable"] as? Bool == true)
        #expect(document.keys.contains("container") && document["container"] is NSNull)
        let base = try #require(document["base"] as? [String: Any])
        #expect((base["sha256"] as? String)?.count == 64)
        #expect(base["sha256"] as? String == (document["production"] as? [String: Any])?["sha256"] as? String)
        let changes = try #require(document["changes"] as? [[String: Any]])
        #expect(changes.map { $0["kind"] as? String } == ["add_role", "add_index", "add_field", "add_record_type"])
        #expect(changes.map { $0["classification"] as? String } == ["safe", "safe", "safe", "safe"])
        let ckdb = try #require(document["ckdb"] as? String)
        #expect(Data(ckdb.utf8) == project.contents("environments/development.ckdb"))
        #expect(String(decoding: planData, as: UTF8.self).hasSuffix("}\n"))

        // The schema changes after the review; applying the plan still applies what was reviewed.
        try project.addField()
        let applied = try project.run(["deploy", "--to", "production", "--plan", "production-plan.json", "--yes"])
        #expect(applied.status == 0, "\(applied.standardError)")
        #expect(applied.standardOutput.hasSuffix("deployed to production; recorded environments/production.ckdb\n"))
        #expect(project.contents("environments/production.ckdb") == Data(ckdb.utf8))
    }

    @Test func aPlanIsRefusedWhenItsSnapshotChanged() throws {
        let project = try ExampleProject()
        #expect(try project.run(["deploy", "--to", "production", "--plan", "p.json"]).status == 0)
        try project.edit("environments/production.ckdb") { $0 + "\n" }
        let before = project.state()
        let result = try project.run(["deploy", "--to", "production", "--plan", "p.json", "--yes"])
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("error: the plan is stale: the production snapshot "
            + "'environments/production.ckdb' changed since the plan was made (sha256 "))
        #expect(result.standardError.hasSuffix("now); nothing was applied, make the plan again\n"))
        #expect(project.state() == before)
    }

    @Test func aDevelopmentPlanIsStaleWhenProductionChanged() throws {
        let project = try ExampleProject()
        try project.addField()
        #expect(try project.run(["deploy", "--to", "development", "--plan", "dev.json"]).status == 0)
        // Production is recorded anew (as after a Console deploy read back with pull).
        try project.edit("environments/production.ckdb") { $0 + "\n" }
        let before = project.state()
        let result = try project.run(["deploy", "--to", "development", "--plan", "dev.json", "--yes"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("the production snapshot 'environments/production.ckdb' changed"))
        #expect(project.state() == before)
    }

    @Test func anEditedPlanIsRefused() throws {
        let project = try ExampleProject()
        #expect(try project.run(["deploy", "--to", "production", "--plan", "p.json"]).status == 0)
        try project.edit("p.json") { $0.replacing("publishedAt     TIMESTAMP", with: "publishedAt     STRING") }
        let before = project.state()
        let result = try project.run(["deploy", "--to", "production", "--plan", "p.json", "--yes"])
        #expect(result.status == 1)
        #expect(result.standardError == "error: the plan 'p.json' was edited after it was made: its schema no longer "
            + "matches its digest; make the plan again\n")
        #expect(project.state() == before)
    }

    struct BadPlan: Sendable, CustomTestStringConvertible {
        let name: String
        let text: String?
        let arguments: [String]
        let message: String
        var testDescription: String { name }
    }

    @Test(arguments: [
        BadPlan(name: "missing", text: nil, arguments: ["--to", "production"],
                message: "error: there is no plan file 'p.json'; write one with 'ckschema deploy --to ENV --plan p.json'\n"),
        BadPlan(name: "not JSON", text: "DEFINE SCHEMA\n", arguments: ["--to", "production"],
                message: "error: 'p.json' is not a ckschema deploy plan (not JSON with a 'format' and a 'version')\n"),
        BadPlan(name: "other format", text: #"{"format": "terraform", "version": 1}"#, arguments: ["--to", "production"],
                message: "error: 'p.json' is not a ckschema deploy plan: its format is 'terraform'\n"),
        BadPlan(name: "newer version", text: #"{"format": "ckschema-deploy-plan", "version": 3}"#,
                arguments: ["--to", "production"],
                message: "error: the plan 'p.json' has version 3; this ckschema reads versions 1 to 2 (make the plan again with this ckschema)\n"),
        BadPlan(name: "damaged", text: #"{"format": "ckschema-deploy-plan", "version": 1, "environment": "production"}"#,
                arguments: ["--to", "production"], message: "error: the plan 'p.json' is damaged: '"),
    ])
    func badPlanFilesExitTwo(_ bad: BadPlan) throws {
        let project = try ExampleProject()
        if let text = bad.text { try project.folder.write(text, to: "p.json") }
        let before = project.state()
        let result = try project.run(["deploy"] + bad.arguments + ["--plan", "p.json", "--yes"])
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix(bad.message), "\(result.standardError)")
        #expect(project.state() == before)
    }

    @Test func aPlanForAnotherEnvironmentIsNotApplied() throws {
        let project = try ExampleProject()
        #expect(try project.run(["deploy", "--to", "production", "--plan", "p.json"]).status == 0)
        let before = project.state()
        let result = try project.run(["deploy", "--to", "development", "--plan", "p.json", "--yes"])
        #expect(result.status == 2)
        #expect(result.standardError == "error: the plan 'p.json' deploys to production, not to development\n")
        #expect(project.state() == before)
    }

    @Test func aPlanForAnotherBackendIsRefused() throws {
        let project = try ExampleProject()
        let fake = try FakeCKTool()
        #expect(try project.run(["deploy", "--to", "development", "--plan", "p.json"]).status == 0)
        let before = project.state()
        let result = try project.run(["deploy", "--to", "development", "--plan", "p.json", "--yes", "--backend", "cktool"],
                                     environment: fake.environment())
        #expect(result.status == 1)
        #expect(result.standardError == "error: the plan was made for the directory backend, and this deploy uses the "
            + "cktool backend; make the plan again\n")
        #expect(try fake.calls().isEmpty)
        #expect(project.state() == before)
    }
}
