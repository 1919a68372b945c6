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

    @Test func jsonCatalogHoldsEveryKindWithUnmarkedExamples() throws {
        let result = try CommandRunner.run(["rules", "--format", "json"])
        #expect(result.status == 0)
        let catalog = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let rules = try #require(catalog["rules"] as? [[String: Any]])
        let builtIns = try #require(catalog["builtInChecks"] as? [[String: Any]])
        let kinds = Set(rules.compactMap { $0["kind"] as? String })
        #expect(kinds == ["lint", "breaking", "code", "record", "codegen", "model", "app"])
        #expect(builtIns.allSatisfy { $0["kind"] as? String == "built-in" } && builtIns.contains { $0["id"] as? String == "yaml_syntax" })
        let lintIDs = rules.filter { $0["kind"] as? String == "lint" }.compactMap { $0["id"] as? String }
        #expect(lintIDs.count >= 40 && lintIDs == lintIDs.sorted())
        for id in ["field_no_delete", "code_field_missing", "json_syntax", "codegen_name_collision"] {
            #expect(rules.contains { $0["id"] as? String == id }, "\(id) missing")
        }
        for rule in rules where ["lint", "breaking", "code"].contains(rule["kind"] as? String)
            || rule["kind"] as? String == "model" && rule["triggeringExamples"] != nil && !(rule["triggeringExamples"] as? [Any] ?? []).isEmpty {
            let examples = (rule["triggeringExamples"] as? [[String: Any]] ?? []) + (rule["nonTriggeringExamples"] as? [[String: Any]] ?? [])
            #expect(!examples.isEmpty, "\(rule["id"] ?? "?") has no examples")
            let texts = examples.flatMap { example in
                (example["files"] as? [String] ?? []) + ["baseline", "candidate", "schema"].compactMap { example[$0] as? String }
            }
            #expect(!texts.isEmpty)
            for text in texts {
                #expect(!text.contains("↓") && !text.contains("\u{20E3}"), "markers left in \(rule["id"] ?? "?")")
            }
        }
        let one = try CommandRunner.run(["rules", "asset_not_indexed", "--format", "json"])
        #expect(one.standardOutput.contains("\"asset_not_indexed\""))
    }

    @Test func oneRuleOfAnyKindAsJSON() throws {
        for (id, kind) in [("field_no_delete", "breaking"), ("code_field_missing", "code"), ("json_syntax", "record"),
                           ("codegen_name_collision", "codegen"), ("yaml_syntax", "built-in")] {
            let result = try CommandRunner.run(["rules", id, "--format", "json"])
            #expect(result.status == 0)
            let catalog = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any],
                                       "\(id) did not print JSON")
            let entries = (catalog["rules"] as? [[String: Any]] ?? []) + (catalog["builtInChecks"] as? [[String: Any]] ?? [])
            #expect(entries.count == 1 && entries.first?["id"] as? String == id && entries.first?["kind"] as? String == kind)
        }
        let breaking = try CommandRunner.run(["rules", "field_no_delete", "--format", "json"]).standardOutput
        #expect(breaking.contains("\"baseline\"") && breaking.contains("\"introduced\""))
    }

    @Test func kindFilterListsOneKind() throws {
        let result = try CommandRunner.run(["rules", "--kind", "record"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("json_syntax") && result.standardOutput.contains("syntax"))
        #expect(!result.standardOutput.contains("unique_names") && !result.standardOutput.contains("yaml_syntax"))
        let wrongKind = try CommandRunner.run(["rules", "unique_names", "--kind", "breaking"])
        #expect(wrongKind.status == 2)
        #expect(try CommandRunner.run(["rules", "--kind", "lnt"]).status != 0)
    }

    @Test func explainsRecordCodegenAndBuiltInChecks() throws {
        let record = try CommandRunner.run(["rules", "json_syntax"])
        #expect(record.status == 0)
        #expect(record.standardOutput.contains("(record-validation check, ckschema validate)"))
        #expect(record.standardOutput.contains("category:  syntax"))
        #expect(record.standardOutput.contains("Checks that the input is well-formed UTF-8 JSON."))
        let codegen = try CommandRunner.run(["rules", "codegen_no_merge_policies"])
        #expect(codegen.standardOutput.contains("severity:  note"))
        let builtIn = try CommandRunner.run(["rules", "yaml_syntax"])
        #expect(builtIn.standardOutput.contains("built-in check; it cannot be disabled or suppressed"))
    }

    @Test func generatedRuleDocsAreCurrent() throws {
        let result = try CommandRunner.run(["rules", "--format", "markdown"])
        let committed = try String(contentsOf: SharedCorpus.repositoryRoot.appendingPathComponent("docs/rules.md"), encoding: .utf8)
        #expect(result.standardOutput == committed,
                "docs/rules.md is stale: run `swift run ckschema rules --format markdown > docs/rules.md`")
    }
}
