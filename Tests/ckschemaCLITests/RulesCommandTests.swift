import CKSchemaTestSupport
import Foundation
import Testing

/// `ckschema rules` and the generated rule documentation.
@Suite struct RulesCommandTests {
    @Test func catalogListsEveryRuleAndBuiltInCheck() throws {
        let result = try CommandRunner.run(["rules"])
        #expect(result.status == 0)
        for id in ["unique_names", "grant_role_declared", "identifier_characters", "yaml_syntax", "ckdb_syntax"] {
            #expect(result.standardOutput.contains(id), "\(id) missing")
        }
    }

    @Test func explainsOneRuleWithExamples() throws {
        let result = try CommandRunner.run(["rules", "grant_role_declared"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("Record type permission uses undefined role"))
        #expect(result.standardOutput.contains("Triggers (↓ marks where the rule reports):"))
    }

    @Test func unknownRuleSuggestsTheClosestOne() throws {
        let result = try CommandRunner.run(["rules", "grant_role_declard"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("did you mean 'grant_role_declared'"))
    }

    @Test func jsonCatalogHoldsEveryRuleWithUnmarkedExamples() throws {
        let result = try CommandRunner.run(["rules", "--format", "json"])
        #expect(result.status == 0)
        let catalog = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let rules = try #require(catalog["rules"] as? [[String: Any]])
        let ids = rules.compactMap { $0["id"] as? String }
        #expect(ids.count == rules.count && ids == ids.sorted())
        #expect(ids.count >= 40)
        for rule in rules {
            let examples = (rule["triggeringExamples"] as? [[String: Any]] ?? []) + (rule["nonTriggeringExamples"] as? [[String: Any]] ?? [])
            #expect(!examples.isEmpty)
            for file in examples.flatMap({ $0["files"] as? [String] ?? [] }) {
                #expect(!file.contains("↓") && !file.contains("\u{20E3}"), "markers left in \(rule["id"] ?? "?")")
            }
        }
        let one = try CommandRunner.run(["rules", "asset_not_indexed", "--format", "json"])
        #expect(one.standardOutput.contains("\"asset_not_indexed\""))
    }

    @Test func generatedRuleDocsAreCurrent() throws {
        let result = try CommandRunner.run(["rules", "--format", "markdown"])
        let committed = try String(contentsOf: SharedCorpus.repositoryRoot.appendingPathComponent("docs/rules.md"), encoding: .utf8)
        #expect(result.standardOutput == committed,
                "docs/rules.md is stale: run `swift run ckschema rules --format markdown > docs/rules.md`")
    }
}
