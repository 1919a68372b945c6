package import CKSchemaCore

/// Runs the enabled lint rules over a parsed schema and applies the configuration: rule selection,
/// severity overrides, ignored paths and inline suppressions.
package struct Linter: Sendable {
    /// The rules to consider (the registry by default).
    package let rules: [any LintRule.Type]
    /// What the configuration says about them.
    package let settings: LintSettings

    package init(rules: [any LintRule.Type] = LintRules.all, settings: LintSettings = LintSettings()) {
        self.rules = rules
        self.settings = settings
    }

    /// The severity `rule` runs at under the settings, or `nil` when it is off.
    package func effectiveSeverity(of rule: RuleDescription) -> Severity? {
        guard settings.selects(rule) else { return nil }
        return settings.configuredSeverity(of: rule) ?? rule.defaultSeverity
    }

    /// Returns the parse diagnostics and the findings of every enabled rule, filtered and sorted for output.
    /// `production` is what the production environment holds, when known: rules then say when their advice
    /// concerns something production keeps.
    package func lint(_ parsed: ParsedSchema, production: Schema?) -> [Diagnostic] {
        lint(parsed, production: ProductionSchema(production))
    }

    /// As `lint(_:production:)`, with production read only if a rule asks for it.
    package func lint(_ parsed: ParsedSchema, production: ProductionSchema? = nil) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        let shared = SharedLintFacts()
        for rule in rules {
            let description = rule.description
            guard description.languages.contains(parsed.language),
                  let severity = effectiveSeverity(of: description) else { continue }
            let context = LintContext(sourceMap: parsed.sourceMap, language: parsed.language,
                                      rule: description, severity: severity, production: production,
                                      shared: shared)
            findings += rule.init().lint(parsed.schema, context: context)
        }
        let suppressions = Suppressions(sources: parsed.sources)
        findings = findings.filter { !suppressions.suppresses($0) }
        let kept = (parsed.diagnostics + Self.incompleteNotes(parsed.diagnostics) + findings).filter { diagnostic in
            guard let file = diagnostic.location?.file else { return true }
            return !settings.ignoredPaths.contains { PathGlob($0).matches(file) }
        }
        return Diagnostic.sortedForOutput(kept)
    }

    /// For each file with parse errors, a note (sorted right after its first error) that the rules only saw
    /// what could be read: findings may be missing until the errors are fixed.
    private static func incompleteNotes(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var firstError: [String: (location: SourceLocation, count: Int)] = [:]
        for diagnostic in diagnostics where diagnostic.severity == .error {
            guard let location = diagnostic.location else { continue }
            let earlier = firstError[location.file]
            firstError[location.file] = (min(earlier?.location ?? location, location), (earlier?.count ?? 0) + 1)
        }
        return firstError.values.map { first in
            Diagnostic(id: .lintIncomplete, severity: .note,
                       message: "lint rules checked only what could be read of this file; fix its \(first.count) "
                           + "error\(first.count == 1 ? "" : "s") to check the rest",
                       location: first.location)
        }
    }
}
