package import CKSchemaCore

/// Checks the rule IDs and categories a configuration names against the registry, so that a typo in
/// `disable:` does not silently leave a rule on.
package enum RuleSelectionCheck {
    /// A `config_invalid_value` error for each name that is neither a rule ID, a built-in check nor a category.
    package static func diagnostics(for settings: LintSettings, rules: [RuleDescription] = LintRules.descriptions,
                                   otherIDs: Set<String> = []) -> [Diagnostic] {
        let known = Set(rules.map(\.id.rawValue)).union(RuleCategory.selectable.map(\.rawValue)).union(otherIDs)
        return settings.references.compactMap { reference in
            guard !known.contains(reference.name) else { return nil }
            let close = Spelling.closest(reference.name, among: known.sorted())
            return .error(.configInvalidValue,
                          "'\(reference.name)' is not a rule or category" + Spelling.didYouMean(close),
                          at: reference.location)
        }
    }
}
