package import CKSchemaCore
package import CKSchemaDiff

/// Classifies a change set: runs every breaking rule over every change and keeps their findings.
package struct BreakingChecker: Sendable {
    /// The rules to run (the registry by default).
    package let rules: [any BreakingRule.Type]
    /// What the configuration says (`diff.indexRemoval`).
    package let settings: DiffSettings
    /// The environment the baseline is a snapshot of, if any.
    package let baselineEnvironment: CloudKitEnvironment?
    /// What the environments hold (their snapshots), for the rules that protect production.
    package let environments: EnvironmentSchemas

    /// A checker running `rules` with `settings`, for a baseline that is a snapshot of `baselineEnvironment`,
    /// judging what production holds by `environments`.
    package init(rules: [any BreakingRule.Type] = BreakingRules.all, settings: DiffSettings = DiffSettings(),
                baselineEnvironment: CloudKitEnvironment? = nil, environments: EnvironmentSchemas = EnvironmentSchemas()) {
        self.rules = rules
        self.settings = settings
        self.baselineEnvironment = baselineEnvironment
        self.environments = environments
    }

    /// Returns every change with the findings about it and its classification.
    package func classify(_ changes: SchemaChangeSet) -> ClassifiedChangeSet {
        let prepared = rules.map { rule in
            let description = rule.description
            let context = BreakingContext(rule: description, severity: rule.severity(in: settings),
                                          baselineEnvironment: baselineEnvironment, environments: environments)
            return (rule: rule.init(), context: context)
        }
        return ClassifiedChangeSet(changes.changes.map { change in
            ClassifiedChange(change: change, findings: prepared.compactMap { $0.rule.check(change, context: $0.context) })
        })
    }
}
