package import CKSchemaCore

/// Judges the uses an app's code makes of CloudKit against a schema with the enabled code rules, then
/// applies the configuration: rule selection, severities, ignored paths and inline suppressions
/// (`// ckschema:disable-next-line code_field_missing`).
package struct CodeChecker: Sendable {
    package let rules: [any CodeRule.Type]
    /// The `code:` settings of `ckschema.yaml` (same keys as `lint:`).
    package let settings: LintSettings

    package init(rules: [any CodeRule.Type] = CodeRules.all, settings: LintSettings = LintSettings()) {
        self.rules = rules
        self.settings = settings
    }

    /// The findings about `usages` against `schema` (called `schemaName` in messages; the snapshot of
    /// `environment`, when it is one), plus the analysis's own `diagnostics` (skipped files, unreadable code),
    /// filtered and sorted for output. `sources` are the Swift files read, for suppression comments.
    /// `project` is the project schema, whose field migrations a snapshot does not keep.
    package func check(_ usages: [CodeUsage], against schema: Schema, schemaName: String,
                      environment: CloudKitEnvironment? = nil, sources: [SourceFile],
                      diagnostics: [Diagnostic] = [], project: Schema? = nil) -> [Diagnostic] {
        let contexts = rules.compactMap { rule -> (any CodeRule, CodeRuleContext)? in
            let description = rule.description
            guard settings.selects(description) else { return nil }
            return (rule.init(), CodeRuleContext(schema: schema, schemaName: schemaName, environment: environment,
                                                 rule: description,
                                                 configuredSeverity: settings.configuredSeverity(of: description),
                                                 project: project))
        }
        var findings: [Diagnostic] = []
        for usage in usages {
            for (rule, context) in contexts {
                if let finding = rule.check(usage, context: context) { findings.append(finding) }
            }
        }
        let suppressions = Suppressions(sources: sources)
        let ruleIDs = Set(rules.map { $0.description.id })
        let kept = (diagnostics + findings).filter { diagnostic in
            if ruleIDs.contains(diagnostic.id), suppressions.suppresses(diagnostic) { return false }
            guard let file = diagnostic.location?.file else { return true }
            return !settings.ignoredPaths.contains { PathGlob($0).matches(file) }
        }
        return Diagnostic.sortedForOutput(Array(Set(kept)))
    }
}
