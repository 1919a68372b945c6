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
        #expect(result.standardOutput.contains("Triggers:"))
    }

    @Test func unknownRuleSuggestsTheClosestOne() throws {
        let result = try CommandRunner.run(["rules", "grant_role_declard"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("did you mean 'grant_role_declared'"))
    }

    @Test func generatedRuleDocsAreCurrent() throws {
        let result = try CommandRunner.run(["rules", "--format", "markdown"])
        let committed = try String(contentsOf: SharedCorpus.repositoryRoot.appendingPathComponent("docs/rules.md"), encoding: .utf8)
        #expect(result.standardOutput == committed,
                "docs/rules.md is stale: run `swift run ckschema rules --format markdown > docs/rules.md`")
    }
}
