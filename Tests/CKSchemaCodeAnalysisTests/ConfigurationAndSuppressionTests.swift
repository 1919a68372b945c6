import CKSchemaCore
import Testing

/// Inline suppression and the `code:` rule selection work as they do for lint.
@Suite struct ConfigurationAndSuppressionTests {
    private let schema = "recordTypes:\n  Note:\n    fields: { title: string }\n"
    private let code = """
        let note = CKRecord(recordType: "Note")
        // ckschema:disable-next-line code_field_missing
        note["order"] = 1
        note["rank"] = 2
        note["title"] = Date()
        """

    @Test func suppressionSilencesOneLine() {
        let findings = CodeCheckHarness.check([code], against: schema)
        #expect(findings.map(\.id.rawValue) == ["code_field_missing", "code_field_type_mismatch"])
        #expect(findings.first?.location?.line == 4)
    }

    @Test func disableSeverityAndIgnore() {
        let disabled = CodeCheckHarness.check([code], against: schema, settings: LintSettings(disabled: ["types"]))
        #expect(disabled.map(\.id.rawValue) == ["code_field_missing"])
        let lowered = CodeCheckHarness.check([code], against: schema,
                                             settings: LintSettings(severities: ["code_field_missing": .warning]))
        #expect(lowered.first { $0.id.rawValue == "code_field_missing" }?.severity == .warning)
        let ignored = CodeCheckHarness.check([code], against: schema, settings: LintSettings(ignoredPaths: ["File*.swift"]))
        #expect(ignored.isEmpty)
    }
}
