import CKSchemaApp
import CKSchemaCore
import Testing

/// The documented examples of doctor's code-practice rules (the app rules whose examples are Swift files), run
/// through the detectors and the rule: each triggering example reports exactly at its markers, each
/// non-triggering one not at all.
@Suite struct AppPracticeExampleTests {
    static let codeRules = AppRules.all.map { $0.description }.filter { rule in
        guard case .app(let triggering, _) = rule.examples else { return false }
        return triggering.allSatisfy { $0.files.allSatisfy { $0.path.hasSuffix(".swift") } }
    }

    @Test func everyCodePracticeRuleHasSwiftExamples() {
        #expect(Self.codeRules.count == 13)
    }

    @Test(arguments: codeRules.map(\.id.rawValue))
    func examples(_ id: String) throws {
        let rule = try #require(Self.codeRules.first { $0.id.rawValue == id })
        guard case .app(let triggering, let nonTriggering) = rule.examples else { return }
        #expect(!triggering.isEmpty && !nonTriggering.isEmpty)
        for example in triggering {
            let found = Self.findings(of: id, in: example)
            let expected = example.markedPositions.map { "\($0.path):\($0.line):\($0.column) \(id)" }.sorted()
            #expect(AppPracticeHarness.summary(found) == expected, "\(example.fileID):\(example.line): \(found.map(\.message))")
        }
        for example in nonTriggering {
            let found = Self.findings(of: id, in: example)
            #expect(found.isEmpty, "\(example.fileID):\(example.line): \(found.map(\.message))")
        }
    }

    static func findings(of id: String, in example: AppExample) -> [Diagnostic] {
        AppPracticeHarness.diagnostics(example.unmarkedFiles.map { ($0.path, $0.text) }).filter { $0.id.rawValue == id }
    }
}
