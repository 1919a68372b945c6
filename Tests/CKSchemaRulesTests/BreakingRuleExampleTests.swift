import CKSchemaCore
import CKSchemaDiff
import CKSchemaParsing
import CKSchemaRules
import CKSchemaTestSupport
import Testing

/// Every breaking rule's documented baseline/candidate pairs, run as tests: a triggering pair yields findings of
/// that rule exactly at its markers, at the rule's severity; a non-triggering pair yields none. Both sides must
/// parse cleanly, so that each example shows the rule and nothing else.
@Suite struct BreakingRuleExampleTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let ruleID: String
        let index: Int
        let triggering: Bool
        var testDescription: String { "\(ruleID) \(triggering ? "triggering" : "non-triggering") #\(index)" }
    }

    static let cases: [Case] = BreakingRules.all.flatMap { rule in
        let id = rule.description.id.rawValue
        return rule.description.triggeringChanges.indices.map { Case(ruleID: id, index: $0, triggering: true) }
            + rule.description.nonTriggeringChanges.indices.map { Case(ruleID: id, index: $0, triggering: false) }
    }

    @Test(arguments: cases)
    func exampleBehavesAsDocumented(_ testCase: Case) throws {
        let rule = try #require(BreakingRules.rule(withID: testCase.ruleID))
        let description = rule.description
        let example = testCase.triggering
            ? description.triggeringChanges[testCase.index] : description.nonTriggeringChanges[testCase.index]
        let here = Testing.SourceLocation(fileID: example.fileID, filePath: example.fileID, line: example.line, column: 1)
        let ext = example.language == .yaml ? "yaml" : "ckdb"
        let baselineText = MarkedText(example.baseline), candidateText = MarkedText(example.candidate)
        let baseline = SchemaLoader.parse(baselineText.text, path: "baseline.\(ext)", language: example.language)
        let candidate = SchemaLoader.parse(candidateText.text, path: "candidate.\(ext)", language: example.language)
        #expect(!baseline.hasErrors && !candidate.hasErrors,
                "example does not parse: \((baseline.diagnostics + candidate.diagnostics).map(\.message))", sourceLocation: here)
        let changes = SchemaDiffer.diff(baseline: baseline, candidate: candidate)
        #expect(!changes.isEmpty, "the example changes nothing", sourceLocation: here)
        let findings = BreakingChecker(rules: [rule], baselineEnvironment: example.baselineEnvironment)
            .classify(changes).findings
        #expect(findings.allSatisfy { $0.id == description.id && $0.severity == description.defaultSeverity },
                sourceLocation: here)
        let located = findings.compactMap(\.location)
        let unlocated = findings.filter { $0.location == nil }
        #expect(Set(located) == Set(candidateText.locations(file: "candidate.\(ext)")),
                "findings at \(located), markers at \(candidateText.locations(file: "candidate.\(ext)"))", sourceLocation: here)
        // A finding with nothing left in the candidate points, through its note, at the baseline's marker.
        let baselineNotes = unlocated.compactMap { $0.notes.first?.location }
        #expect(Set(baselineNotes) == Set(baselineText.locations(file: "baseline.\(ext)")),
                "unlocated findings note \(baselineNotes)", sourceLocation: here)
        #expect(findings.count == candidateText.allMarkers.count + baselineText.allMarkers.count,
                "\(findings.count) findings for \(candidateText.allMarkers.count + baselineText.allMarkers.count) markers",
                sourceLocation: here)
    }
}
