public import CKSchemaCore
public import CKSchemaDiff

/// Against production: every field the candidate adds to an existing record type is flagged as needing a
/// deploy.
///
/// Warning, only when the baseline is the production environment (§9 rule 29).
public struct FieldInProductionRule: BreakingRule {
    /// Identity and documentation.
    public static let description = RuleDescription(
        id: "field_in_production",
        name: "Field In Production",
        category: .structure,
        defaultSeverity: .warning,
        summary: "Against production, fields the candidate adds to existing record types are flagged as needing a deploy.",
        rationale: """
            Production rejects unknown keys: saving a record with a field it lacks fails with "Cannot create \
            new field 'x' in production schema" (CKError invalidArguments). Deploying adds the field safely, \
            but an app that ships first breaks. Reported only when the baseline is the production \
            environment (the default of ckschema diff) (docs/cloudkit-facts.md §1.4, §9 rule 29).
            """,
        cloudKitRules: [29],
        triggeringExamples: [],
        nonTriggeringExamples: []
    )

    /// Released with ckschema 0.1.0.
    public static let introduced = "0.1.0"

    /// Pairs the rule reports, `↓` where it reports.
    public static let triggeringChanges: [ChangeExample] = [
        .yaml(
            baseline: """
                recordTypes:
                  Note: { fields: { title: string } }
                """,
            candidate: """
                recordTypes:
                  Note: { fields: { title: string, ↓place: location } }
                """,
            baselineEnvironment: .production),
    ]

    /// Pairs the rule does not report.
    public static let nonTriggeringChanges: [ChangeExample] = [
        .yaml(
            baseline: """
                recordTypes:
                  Note: { fields: { title: string } }
                """,
            candidate: """
                recordTypes:
                  Note: { fields: { title: string, place: location } }
                """),
    ]

    /// The rule; it holds no state.
    public init() {}

    /// The finding about `change`, if the rule reports it.
    public func check(_ change: SchemaChange, context: BreakingContext) -> Diagnostic? {
        guard context.baselineEnvironment == .production, case .addField(let field) = change.kind,
              let type = change.recordType else { return nil }
        return context.diagnostic(
            "field '\(field.name)' of record type '\(type)' is not in production yet; until the schema is "
                + "deployed, saving it fails with \"Cannot create new field '\(field.name)' in production schema\"",
            for: change)
    }
}
