import CKSchemaTestSupport
import Foundation
import Testing

/// One encoding of a classified change: `diff --format json` and deploy plan files write the same keys with
/// the same meaning, and plans written in the version 1 form still apply.
@Suite struct ChangeEncodingTests {
    private static func json(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    private static func changes(_ document: [String: Any]) throws -> [[String: Any]] {
        try #require(document["changes"] as? [[String: Any]])
    }

    @Test func diffJSONAndPlanFilesEncodeChangesAlike() throws {
        let project = try ExampleProject()
        let planned = try project.run(["deploy", "--to", "production", "--plan", "p.json"])
        #expect(planned.status == 0, "\(planned.standardError)")
        let plan = try Self.changes(Self.json(try #require(project.contents("p.json"))))
        let diffed = try project.run(["diff", "--from", "production", "--to", "development", "--format", "json"])
        #expect(diffed.status == 0, "\(diffed.standardError)")
        let diff = try Self.changes(Self.json(Data(diffed.standardOutput.utf8)))

        #expect(!plan.isEmpty && plan.count == diff.count)
        for (planned, diffed) in zip(plan, diff) {
            #expect(Set(planned.keys) == Set(diffed.keys))
            #expect(Set(planned.keys) == ["kind", "action", "element", "recordType", "subject", "description",
                                          "classification", "aspects", "baseline", "candidate", "location", "hints",
                                          "migration", "findings"])
            for key in ["kind", "action", "element", "subject", "description", "classification"] {
                #expect(planned[key] as? String == diffed[key] as? String, "\(key)")
            }
        }
    }

    /// A plan written by the previous version (changes with `summary` and text locations, findings without
    /// subjects) is read, checked against its schema and applied.
    @Test func aVersionOnePlanStillApplies() throws {
        let project = try ExampleProject()
        #expect(try project.run(["deploy", "--to", "production", "--plan", "p.json"]).status == 0)
        var document = try Self.json(try #require(project.contents("p.json")))
        document["version"] = 1
        document["changes"] = try Self.changes(document).map(Self.versionOne)
        if var gate = document["gate"] as? [String: Any] {
            gate["breaking"] = (gate["breaking"] as? [[String: Any]] ?? []).map(Self.versionOne)
            document["gate"] = gate
        }
        let data = try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])
        try project.folder.write(String(decoding: data, as: UTF8.self), to: "p.json")

        let applied = try project.run(["deploy", "--to", "production", "--plan", "p.json", "--yes"])
        #expect(applied.status == 0, "\(applied.standardError)")
        #expect(project.contents("environments/production.ckdb") == project.contents("environments/development.ckdb"))
    }

    /// `change` as version 1 plans wrote it.
    private static func versionOne(_ change: [String: Any]) -> [String: Any] {
        var old = change
        let action = change["action"] as? String ?? ""
        old["summary"] = (change["description"] as? String).map { String($0.dropFirst(action.count + 1)) }
        old["location"] = text(of: change["location"])
        for key in ["description", "element", "aspects", "baseline", "candidate"] { old[key] = nil }
        old["findings"] = (change["findings"] as? [[String: Any]] ?? []).map { finding in
            var finding = finding
            for key in ["location", "subject", "record"] { finding[key] = nil }
            finding["notes"] = (finding["notes"] as? [[String: Any]] ?? []).map { note in
                ["message": note["message"] ?? "", "location": text(of: note["location"])]
            }
            return finding
        }
        return old
    }

    private static func text(of location: Any?) -> Any {
        guard let location = location as? [String: Any], let file = location["file"] as? String,
              let line = location["line"] as? Int, let column = location["column"] as? Int else { return NSNull() }
        return "\(file):\(line):\(column)"
    }
}
