package import CKSchemaCore

extension LintSettings {
    /// Whether `rule` runs under these settings: not switched off by its ID, its category or an `off`
    /// severity, and switched on when it is off by default.
    package func selects(_ rule: RuleDescription) -> Bool {
        let id = rule.id.rawValue
        if let override = severities[id] { return override != nil }
        let named = [id, rule.category.rawValue]
        if named.contains(where: disabled.contains) { return false }
        return rule.isEnabledByDefault || named.contains(where: enabled.contains)
    }

    /// The severity the settings give `rule` explicitly (`severity: {id: level}`), if any.
    package func configuredSeverity(of rule: RuleDescription) -> Severity? {
        severities[rule.id.rawValue] ?? nil
    }
}
