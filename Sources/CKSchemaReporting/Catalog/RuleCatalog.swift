package import CKSchemaCore
internal import CKSchemaApp
internal import CKSchemaCodegen
internal import CKSchemaModels
internal import CKSchemaRules
internal import CKSchemaValidation

/// Every check ckschema reports, of every kind, each module contributing its own entries: the one catalog
/// `ckschema rules`, `docs/rules.md` and SARIF rule metadata read. Grouped by kind (lint, breaking, code,
/// record, codegen, model, app, built-in); within a kind, in its registry's order. IDs are unique across all of them.
package enum RuleCatalog {
    /// Every entry, grouped by kind in `RuleKind` order.
    package static let all: [RuleDescription] = LintRules.descriptions + BreakingRules.descriptions
        + CodeRules.descriptions + RecordRules.all + CodegenRules.all + ModelRules.descriptions
        + AppRules.descriptions + BuiltInChecks.all

    private static let byID = Dictionary(all.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

    /// The entry whose ID is `id`, if any.
    package static func entry(withID id: DiagnosticID) -> RuleDescription? {
        byID[id]
    }
}
