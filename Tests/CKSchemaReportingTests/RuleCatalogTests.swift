import CKSchemaApp
import CKSchemaCodegen
import CKSchemaCore
import CKSchemaModels
import CKSchemaReporting
import CKSchemaRules
import CKSchemaValidation
import Foundation
import Testing

/// The one rule catalog: every kind's entries, IDs unique across all of them, examples of the shape of their
/// kind, categories from the entry.
@Suite struct RuleCatalogTests {
    @Test func everyIDOfEveryKindIsUnique() {
        let ids = RuleCatalog.all.map(\.id.rawValue)
        let repeated = Dictionary(grouping: ids, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
        #expect(repeated.isEmpty, "IDs used twice: \(repeated)")
        #expect(ids.allSatisfy { $0.wholeMatch(of: /[a-z][a-z0-9]*(_[a-z0-9]+)*/) != nil })
    }

    @Test func holdsEveryRegistry() {
        let registries = LintRules.descriptions + BreakingRules.descriptions + CodeRules.descriptions + RecordRules.all
            + CodegenRules.all + ModelRules.descriptions + AppRules.descriptions + BuiltInChecks.all
        #expect(RuleCatalog.all.map(\.id) == registries.map(\.id))
        #expect(Set(RuleCatalog.all.map(\.kind)) == Set(RuleKind.allCases))
        #expect(RecordRules.all.allSatisfy { $0.kind == .record } && CodegenRules.all.allSatisfy { $0.kind == .codegen }
                && BuiltInChecks.all.allSatisfy { $0.kind == .builtIn })
    }

    @Test func examplesHaveTheShapeOfTheirKind() {
        for rule in RuleCatalog.all {
            #expect(rule.examples.kind == nil || rule.examples.kind == rule.kind, "\(rule.id): examples of another kind")
            if [.lint, .breaking, .code].contains(rule.kind) {
                #expect(rule.examples.kind == rule.kind, "\(rule.id) has no examples")
            }
            #expect(rule.kind == .breaking || (rule.introduced == nil && rule.retirement == nil))
        }
    }

    @Test func recordAndBuiltInChecksHaveTheirOwnCategories() throws {
        #expect(RuleCatalog.entry(withID: .jsonSyntax)?.category == .syntax)
        #expect(RuleCatalog.entry(withID: .recordTooLarge)?.category == .limits)
        #expect(RuleCatalog.entry(withID: .yamlSyntax)?.category == .syntax)
        #expect(RuleCatalog.entry(withID: .codegenNameCollision)?.category == .naming)
        #expect(!RuleCategory.selectable.contains(.syntax), "a configuration cannot disable parsing")
    }

    @Test func sarifTakesCategoryAndLevelFromTheEntry() throws {
        let diagnostics = [
            Diagnostic(id: .jsonSyntax, severity: .error, message: "unexpected end of input"),
            Diagnostic(id: .codeFileSkipped, severity: .note, message: "not UTF-8"),
            Diagnostic(id: "field_no_delete", severity: .error, message: "field 'body' is deleted"),
        ]
        let output = SARIFReporter().render(diagnostics, context: ReportContext(rules: RecordRules.all))
        let log = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        let runs = try #require(log["runs"] as? [[String: Any]])
        let driver = try #require((runs.first?["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        func rule(_ id: String) -> [String: Any]? { rules.first { $0["id"] as? String == id } }
        func category(_ id: String) -> String? { (rule(id)?["properties"] as? [String: Any])?["category"] as? String }
        func level(_ id: String) -> String? { (rule(id)?["defaultConfiguration"] as? [String: Any])?["level"] as? String }
        #expect(category("json_syntax") == "syntax")
        #expect(category("record_too_large") == "limits")
        #expect(category("code_file_skipped") == "syntax" && level("code_file_skipped") == "note")
        #expect(category("field_no_delete") == "structure", "another kind's rule is described from the catalog")
        #expect(rules.count == RecordRules.all.count + 2)
    }

    @Test func markdownHasASectionPerKind() {
        let markdown = RuleCatalogRenderer.markdown(RuleCatalog.all)
        for title in ["# Lint rules", "# Breaking-change rules", "# Code rules", "# Record-validation checks",
                      "# Codegen findings", "# App rules", "# Built-in checks"] {
            #expect(markdown.contains("\n\(title)\n"), "\(title) missing")
        }
        #expect(!markdown.contains("↓"))
        #expect(markdown.contains("## field_no_delete") && markdown.contains("## code_field_missing"))
        #expect(markdown.contains("## app_environment_split") && markdown.contains("`Journal/Journal.entitlements`:"))
    }
}
