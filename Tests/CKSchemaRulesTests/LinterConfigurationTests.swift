import CKSchemaCore
import CKSchemaRules
import Testing

/// The linter's handling of configuration and suppressions, on hand-built schemas.
@Suite struct LinterConfigurationTests {
    /// A schema granting to an undeclared role, written in `text` (which only matters for suppressions).
    private func parsed(text: String, grantLine: Int) -> ParsedSchema {
        let schema = Schema(recordTypes: [RecordType(name: "Post", grants: [Grant(.read, to: "Editor")])])
        var map = SourceMap()
        map.record(.grant("Post", 0), at: SourceLocation(file: "s.yaml", line: grantLine, column: 5))
        return ParsedSchema(schema: schema, sourceMap: map, diagnostics: [],
                            sources: [SourceFile(path: "s.yaml", text: text)], language: .yaml)
    }

    private let plain = "recordTypes:\n  Post:\n    grants: { Editor: [read] }\n"

    @Test func defaultsReportAtDefaultSeverity() {
        let findings = Linter().lint(parsed(text: plain, grantLine: 3))
        #expect(findings.map(\.id) == ["grant_role_declared"])
        #expect(findings.first?.severity == .error)
        #expect(findings.first?.location == SourceLocation(file: "s.yaml", line: 3, column: 5))
    }

    @Test func rulesAndCategoriesCanBeDisabled() {
        #expect(Linter(settings: LintSettings(disabled: ["grant_role_declared"])).lint(parsed(text: plain, grantLine: 3)).isEmpty)
        #expect(Linter(settings: LintSettings(disabled: ["security"])).lint(parsed(text: plain, grantLine: 3)).isEmpty)
    }

    @Test func severityCanBeChangedOrTurnedOff() {
        let lowered = Linter(settings: LintSettings(severities: ["grant_role_declared": .warning]))
        #expect(lowered.lint(parsed(text: plain, grantLine: 3)).map(\.severity) == [.warning])
        let off = Linter(settings: LintSettings(severities: ["grant_role_declared": nil]))
        #expect(off.lint(parsed(text: plain, grantLine: 3)).isEmpty)
    }

    @Test func ignoredPathsDropFindings() {
        #expect(Linter(settings: LintSettings(ignoredPaths: ["*.yaml"])).lint(parsed(text: plain, grantLine: 3)).isEmpty)
        #expect(Linter(settings: LintSettings(ignoredPaths: ["other/**"])).lint(parsed(text: plain, grantLine: 3)).count == 1)
    }

    @Test func nextLineSuppressionSilencesOnlyItsRule() {
        let text = "recordTypes:\n  Post:\n    # ckschema:disable-next-line grant_role_declared\n    grants: { Editor: [read] }\n"
        #expect(Linter().lint(parsed(text: text, grantLine: 4)).isEmpty)
        let other = text.replacing("grant_role_declared", with: "unique_names")
        #expect(Linter().lint(parsed(text: other, grantLine: 4)).count == 1)
    }

    @Test func sameLineAndRangeSuppressions() {
        let sameLine = "recordTypes:\n  Post:\n    grants: { Editor: [read] } # ckschema:disable-line\n"
        #expect(Linter().lint(parsed(text: sameLine, grantLine: 3)).isEmpty)
        let range = "# ckschema:disable grant_role_declared\nrecordTypes:\n  Post:\n    grants: { Editor: [read] }\n# ckschema:enable\n"
        #expect(Linter().lint(parsed(text: range, grantLine: 4)).isEmpty)
        let closedBefore = "# ckschema:disable\n# ckschema:enable\nrecordTypes:\n  Post:\n    grants: { Editor: [read] }\n"
        #expect(Linter().lint(parsed(text: closedBefore, grantLine: 5)).count == 1)
    }

    @Test func directivesOutsideCommentsAreIgnored() {
        let text = "recordTypes:\n  Post:\n    doc: ckschema:disable-line\n    grants: { Editor: [read] } ckschema:disable-line\n"
        #expect(Linter().lint(parsed(text: text, grantLine: 4)).count == 1)
    }

    @Test func builtInErrorsCannotBeSuppressed() {
        var input = parsed(text: "x: 1 # ckschema:disable-line\n", grantLine: 1)
        input.diagnostics = [.error(.schemaUnknownKey, "unknown key 'x'", at: SourceLocation(file: "s.yaml", line: 1, column: 1))]
        input.schema = Schema()
        #expect(Linter().lint(input).map(\.id) == [.schemaUnknownKey])
    }

    @Test func unknownRuleNamesInTheConfigurationAreReported() {
        let settings = LintSettings(references: [
            NamedReference(name: "grant_role_declared", location: nil),
            NamedReference(name: "grant_role_declard", location: SourceLocation(file: "ckschema.yaml", line: 4, column: 7)),
            NamedReference(name: "security", location: nil),
        ])
        let findings = RuleSelectionCheck.diagnostics(for: settings)
        #expect(findings.count == 1)
        #expect(findings.first?.message.contains("did you mean 'grant_role_declared'") == true)
        #expect(findings.first?.location?.line == 4)
    }

    @Test func globsMatchLikeShells() {
        #expect(PathGlob("schemas/legacy/**").matches("schemas/legacy/a/b.yaml"))
        #expect(PathGlob("schemas/*.yaml").matches("./schemas/a.yaml"))
        #expect(!PathGlob("schemas/*.yaml").matches("schemas/sub/a.yaml"))
        #expect(PathGlob("**/*.ckdb").matches("environments/production.ckdb"))
        #expect(PathGlob("**/*.ckdb").matches("production.ckdb"))
        #expect(PathGlob("**/x.ckdb").matches("a/b/x.ckdb"))
        #expect(!PathGlob("**/x.ckdb").matches("a/bx.ckdb"))
        #expect(PathGlob("a?c").matches("dir/abc"))
        #expect(!PathGlob("a?c").matches("dir/abbc"))
    }
}
