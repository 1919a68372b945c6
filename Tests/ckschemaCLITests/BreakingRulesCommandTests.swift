import CKSchemaTestSupport
import Foundation
import Testing

/// `ckschema rules` also lists and explains the breaking-change rules of `ckschema diff`.
@Suite struct BreakingRulesCommandTests {
    @Test func catalogListsBreakingRulesAfterTheLintRules() throws {
        let result = try CommandRunner.run(["rules"])
        #expect(result.status == 0)
        let output = result.standardOutput
        let heading = try #require(output.range(of: "Breaking-change rules (ckschema diff), in release order:"))
        for id in ["record_type_no_delete", "field_same_encryption", "index_no_delete", "field_in_production"] {
            let line = try #require(output.range(of: "\n\(id) "), "\(id) missing")
            #expect(line.lowerBound > heading.lowerBound)
        }
    }

    @Test func explainsABreakingRuleWithItsBaselineAndCandidate() throws {
        let result = try CommandRunner.run(["rules", "field_same_number_preference"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("(breaking-change rule, ckschema diff)"))
        #expect(result.standardOutput.contains("baseline (ckdb)"))
        #expect(result.standardOutput.contains("candidate (ckdb)"))
        #expect(result.standardOutput.contains("NUMBER PREFERRED AS DOUBLE"))
    }

    @Test func misspeltBreakingRuleSuggestsIt() throws {
        let result = try CommandRunner.run(["rules", "grant_no_narowing"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("did you mean 'grant_no_narrowing'"))
    }
}
