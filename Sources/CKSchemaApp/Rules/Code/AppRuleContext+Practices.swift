package import CKSchemaCore

extension AppRuleContext {
    /// The code-practice findings under this rule's ID, as diagnostics at the configured severity, but those the
    /// app's evidence (in any file) silences; with `once`, only the first (for a fact about the whole app). Silent
    /// when the code was not read.
    package func practices(once: Bool = false) -> [Diagnostic] {
        guard let practices = project.code?.practices else { return [] }
        let shown = Set(practices.compactMap(AppPracticeEvidence.init))
        let id = rule.id.rawValue
        let kept = practices.filter { $0.ruleID == id && !($0.silencedBy.map(shown.contains) ?? false) }
            .sorted { $0.location < $1.location }
        return (once ? Array(kept.prefix(1)) : kept).map {
            finding($0.message, at: $0.location, notes: $0.related.map { Note("see also", at: $0) })
        }
    }
}

extension AppRule {
    /// The rule's ID as a string, as the code-practice detectors write it into `AppCodeFinding.rule`.
    package static var ruleID: String { description.id.rawValue }
}
