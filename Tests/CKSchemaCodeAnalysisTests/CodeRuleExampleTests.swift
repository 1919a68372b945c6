import CKSchemaCore
import CKSchemaRules
import CKSchemaTestSupport
import Testing

/// Every code rule's documented examples are tests: triggering snippets report exactly at their `↓`
/// markers, non-triggering snippets report nothing for that rule.
@Suite struct CodeRuleExampleTests {
    @Test(arguments: CodeRules.all.map { $0.description.id.rawValue })
    func triggeringExamplesReportAtTheirMarkers(id: String) throws {
        let rule = try #require(CodeRules.rule(withID: id))
        #expect(!rule.description.triggeringCode.isEmpty)
        for example in rule.description.triggeringCode {
            let marked = MarkedText(example.code)
            let findings = CodeCheckHarness.check([marked.text], against: example.schema).filter { $0.id.rawValue == id }
            let expected = marked.allMarkers.map { SourceLocation(file: "File0.swift", line: $0.line, column: $0.column) }
            #expect(findings.compactMap(\.location).sorted() == expected.sorted(),
                    "\(example.fileID):\(example.line): \(findings.map(\.message))")
        }
    }

    @Test(arguments: CodeRules.all.map { $0.description.id.rawValue })
    func nonTriggeringExamplesReportNothing(id: String) throws {
        let rule = try #require(CodeRules.rule(withID: id))
        #expect(!rule.description.nonTriggeringCode.isEmpty)
        for example in rule.description.nonTriggeringCode {
            let findings = CodeCheckHarness.check([example.code], against: example.schema).filter { $0.id.rawValue == id }
            #expect(findings.isEmpty, "\(example.fileID):\(example.line): \(findings.map(\.message))")
        }
    }
}
