import CKSchemaCore
import CKSchemaRules
import Foundation
import Testing

/// The code-rule registry: sorted, every rule file registered and documented (`RuleCatalogTests` checks that
/// IDs are unique across every kind).
@Suite struct CodeRegistryTests {
    private let ids = CodeRules.descriptions.map(\.id.rawValue)

    @Test func sortedAndPrefixed() {
        #expect(ids == ids.sorted())
        #expect(ids.allSatisfy { $0.hasPrefix("code_") })
        #expect(CodeRules.descriptions.allSatisfy { $0.kind == .code })
    }

    @Test func everyRuleFileIsRegistered() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/CKSchemaRules/Code/Rules").standardized
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix("Rule.swift") }
        #expect(Set(files.map { String($0.dropLast(6)) }) == Set(CodeRules.all.map { String(describing: $0) }))
    }

    @Test(arguments: CodeRules.all.map { $0.description.id.rawValue })
    func ruleIsDocumented(id: String) throws {
        let rule = try #require(CodeRules.rule(withID: id))
        #expect(rule.description.summary.hasSuffix("."))
        #expect(rule.description.rationale.count > 80)
        #expect(!rule.description.triggeringCode.isEmpty && !rule.description.nonTriggeringCode.isEmpty)
    }
}
