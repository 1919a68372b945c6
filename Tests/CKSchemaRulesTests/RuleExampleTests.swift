import CKSchemaCore
import CKSchemaParsing
import CKSchemaRules
import CKSchemaTestSupport
import Testing

/// Every rule's documented examples, run as tests: a triggering example yields findings of that rule exactly
/// at its markers and nowhere else; a non-triggering example yields none. Each example must also be free of
/// parse errors, so that it shows the rule and nothing else.
@Suite struct RuleExampleTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let ruleID: String
        let index: Int
        let triggering: Bool
        var testDescription: String { "\(ruleID) \(triggering ? "triggering" : "non-triggering") #\(index)" }
    }

    static let cases: [Case] = LintRules.descriptions.flatMap { rule in
        rule.triggeringExamples.indices.map { Case(ruleID: rule.id.rawValue, index: $0, triggering: true) }
            + rule.nonTriggeringExamples.indices.map { Case(ruleID: rule.id.rawValue, index: $0, triggering: false) }
    }

    @Test(arguments: cases)
    func exampleBehavesAsDocumented(_ testCase: Case) throws {
        let rule = try #require(LintRules.rule(withID: testCase.ruleID))
        let description = rule.description
        let example = testCase.triggering
            ? description.triggeringExamples[testCase.index] : description.nonTriggeringExamples[testCase.index]
        let here = Testing.SourceLocation(fileID: example.fileID, filePath: example.fileID, line: example.line, column: 1)
        for prefix in ["", Self.commentLine(for: example.language)] {
            let (parsed, expected) = Self.parse(example, prefix: prefix)
            #expect(!parsed.hasErrors, "example does not parse: \(parsed.diagnostics.map(\.message))", sourceLocation: here)
            let findings = Linter(rules: [rule]).lint(parsed).filter { $0.id == description.id }
            let found = findings.compactMap(\.location)
            #expect(found.count == findings.count, "a finding has no location", sourceLocation: here)
            #expect(Set(found) == expected, "findings at \(found) but markers at \(expected.sorted())",
                    sourceLocation: here)
            #expect(found.count == expected.count, "more than one finding at a marker", sourceLocation: here)
        }
    }

    /// A leading comment with non-ASCII text: findings must move down one line with the markers.
    private static func commentLine(for language: SchemaLanguage) -> String {
        language == .yaml ? "# Überschrift — ünïcödé\n" : "// Überschrift — ünïcödé\n"
    }

    /// Parses an example's files (markers removed) and returns the expected marker locations.
    private static func parse(_ example: Example, prefix: String) -> (ParsedSchema, Set<CKSchemaCore.SourceLocation>) {
        let ext = example.language == .yaml ? "yaml" : "ckdb"
        var sources: [SourceFile] = []
        var expected: Set<CKSchemaCore.SourceLocation> = []
        for (number, code) in ([example.code] + example.additionalFiles).enumerated() {
            let path = number == 0 ? "example.\(ext)" : "example-\(number + 1).\(ext)"
            let marked = MarkedText(prefix + code)
            sources.append(marked.sourceFile(path: path))
            expected.formUnion(marked.locations(file: path))
        }
        switch example.language {
        case .yaml:
            return (YAMLSchemaParser.parse(sources), expected)
        case .ckdb:
            return (CKDBParser.parse(sources[0]), expected)
        }
    }
}
