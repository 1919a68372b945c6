package import CKSchemaCore
import CKSchemaReporting

/// The rule catalog as `ckschema rules` and the MCP `list_rules` and `explain_rule` tools read it.
package enum RuleLookup {
    /// Every rule, or those of `kind`.
    package static func rules(of kind: RuleKind?) -> [RuleDescription] {
        RuleCatalog.all.filter { kind == nil || $0.kind == kind }
    }

    /// The rule `id` (of `kind`, when given); an unknown ID is an error that names the closest one.
    package static func rule(_ id: String, of kind: RuleKind? = nil) throws(ServiceError) -> RuleDescription {
        guard let entry = RuleCatalog.entry(withID: DiagnosticID(id)), kind == nil || entry.kind == kind else {
            let close = Spelling.closest(id, among: rules(of: kind).map(\.id.rawValue))
            throw .couldNotRun("there is no rule '\(id)'" + Spelling.didYouMean(close))
        }
        return entry
    }
}
