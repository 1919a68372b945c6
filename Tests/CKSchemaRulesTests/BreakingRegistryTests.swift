import CKSchemaCore
import CKSchemaRules
import Foundation
import Testing

/// The breaking-rule registry is append-only: the lock file freezes every released rule's line, and every rule is
/// documented with examples (`RuleCatalogTests` checks that IDs are unique across every kind).
@Suite struct BreakingRegistryTests {
    private static let ids = BreakingRules.descriptions.map(\.id.rawValue)

    private static func lockLines() throws -> [String] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Resources/breaking-rules.lock")
        return try String(contentsOf: url, encoding: .utf8).split(whereSeparator: \.isNewline).map(String.init)
            .filter { !$0.hasPrefix("#") }
    }

    @Test func lockIsAPrefixOfTheRegistry() throws {
        let locked = try Self.lockLines()
        let registered = BreakingRules.all.map(BreakingRules.lockLine)
        #expect(!locked.isEmpty)
        #expect(Array(registered.prefix(locked.count)) == locked,
                "a released breaking rule was removed, reordered or edited; rules are append-only")
    }

    @Test func everyRegisteredRuleIsLocked() throws {
        let locked = try Self.lockLines()
        let unlocked = BreakingRules.all.map(BreakingRules.lockLine).dropFirst(locked.count)
        #expect(unlocked.isEmpty, "append these lines to breaking-rules.lock:\n\(unlocked.joined(separator: "\n"))")
    }

    @Test(arguments: ids)
    func idFollowsTheBreakingGrammar(id: String) {
        let grammar = /[a-z]+(_[a-z]+)*_(no_delete|no_narrowing|same_[a-z]+(_[a-z]+)*|in_production)/
        #expect(id.wholeMatch(of: grammar) != nil, "\(id) is not <subject>_<no_delete|same_x|…>")
    }

    @Test func everyRuleFileIsRegistered() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/CKSchemaRules/Breaking/Rules").standardized
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix("Rule.swift") }
        let typeNames = Set(files.map { String($0.dropLast(".swift".count)) })
        #expect(typeNames == Set(BreakingRules.all.map { String(describing: $0) }))
        #expect(!typeNames.isEmpty)
    }

    @Test(arguments: ids)
    func ruleIsDocumented(id: String) throws {
        let description = try #require(BreakingRules.rule(withID: id)).description
        #expect(description.kind == .breaking && description.introduced != nil)
        #expect(description.retirement != nil || !description.triggeringChanges.isEmpty, "\(id) has no triggering example")
        #expect(description.retirement == nil || description.triggeringChanges.isEmpty, "\(id) is retired and still triggers")
        #expect(!description.nonTriggeringChanges.isEmpty, "\(id) has no non-triggering example")
        #expect(description.summary.hasSuffix("."))
        #expect(description.rationale.count > 80)
        #expect(!description.cloudKitRules.isEmpty && description.cloudKitRules.allSatisfy { (21...30).contains($0) },
                "\(id) must cite the append-only rules of §9 (21–30)")
        #expect(description.rationale.contains("§9 rule"))
        #expect(description.isEnabledByDefault)
        for example in description.triggeringChanges + description.nonTriggeringChanges {
            #expect(description.languages.contains(example.language), "\(id): example in a language the rule skips")
        }
    }
}
