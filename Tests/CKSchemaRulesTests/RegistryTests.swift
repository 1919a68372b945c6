import CKSchemaCore
import CKSchemaRules
import Foundation
import Testing

@Suite struct RegistryTests {
    private let ids = LintRules.descriptions.map(\.id.rawValue)

    @Test func registryIsSortedAndUnique() {
        #expect(ids == ids.sorted())
        #expect(Set(ids).count == ids.count)
        #expect(LintRules.descriptions.allSatisfy { $0.kind == .lint })
    }

    @Test func idsAreSnakeCase() {
        for id in ids {
            #expect(id.range(of: "^[a-z][a-z0-9]*(_[a-z0-9]+)*$", options: .regularExpression) != nil, "\(id)")
        }
    }

    @Test func everyRuleFileIsRegistered() throws {
        let rulesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/CKSchemaRules/Rules").standardized
        let enumerator = try #require(FileManager.default.enumerator(atPath: rulesFolder.path))
        var typeNames: Set<String> = []
        while let path = enumerator.nextObject() as? String {
            guard path.hasSuffix("Rule.swift") else { continue }
            typeNames.insert(String((path as NSString).lastPathComponent.dropLast(".swift".count)))
        }
        let registered = Set(LintRules.all.map { String(describing: $0) })
        #expect(typeNames == registered, "rule files and the registry differ")
        #expect(!typeNames.isEmpty)
    }

    @Test(arguments: LintRules.descriptions.map(\.id.rawValue))
    func ruleIsDocumented(id: String) throws {
        let rule = try #require(LintRules.rule(withID: id)?.description)
        #expect(!rule.triggeringExamples.isEmpty, "\(id) has no triggering example")
        #expect(!rule.nonTriggeringExamples.isEmpty, "\(id) has no non-triggering example")
        #expect(rule.summary.hasSuffix("."))
        #expect(rule.rationale.count > 40)
        #expect(!rule.languages.isEmpty)
        for example in rule.triggeringExamples + rule.nonTriggeringExamples {
            #expect(rule.languages.contains(example.language), "\(id): example in a language the rule skips")
        }
    }
}
