public import CKSchemaCore

/// Runs the enabled lint rules over a parsed schema and applies the configuration: rule selection,
/// severity overrides, ignored paths and inline suppressions.
public struct Linter: Sendable {
    /// The rules to consider (the registry by default).
    public let rules: [any LintRule.Type]
    /// What the configuration says about them.
    public let settings: LintSettings

    public init(rules: [any LintRule.Type] = LintRules.all, settings: LintSettings = LintSettings()) {
        self.rules = rules
        self.settings = settings
    }

    /// The severity `rule` runs at under the settings, or `nil` when it is off.
    public func effectiveSeverity(of rule: RuleDescription) -> Severity? {
        let id = rule.id.rawValue
        if let override = settings.severities[id] { return override }
        let named = [id, rule.category.rawValue]
        if named.contains(where: settings.disabled.contains) { return nil }
        if !rule.isEnabledByDefault && !named.contains(where: settings.enabled.contains) { return nil }
        return rule.defaultSeverity
    }

    /// Returns the parse diagnostics and the findings of every enabled rule, filtered and sorted for output.
    public func lint(_ parsed: ParsedSchema) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for rule in rules {
            let description = rule.description
            guard description.languages.contains(parsed.language),
                  let severity = effectiveSeverity(of: description) else { continue }
            let context = LintContext(sourceMap: parsed.sourceMap, language: parsed.language,
                                      rule: description, severity: severity)
            findings += rule.init().lint(parsed.schema, context: context)
        }
        let suppressions = Suppressions(sources: parsed.sources)
        findings = findings.filter { !suppressions.suppresses($0) }
        let kept = (parsed.diagnostics + findings).filter { diagnostic in
            guard let file = diagnostic.location?.file else { return true }
            return !settings.ignoredPaths.contains { PathGlob($0).matches(file) }
        }
        return Diagnostic.sortedForOutput(kept)
    }
}
