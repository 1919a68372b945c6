package import CKSchemaCore
package import CKSchemaDiff

/// Retired after 0.2.0: reports nothing. The fields a candidate adds are additions, and additions are safe:
/// `ckschema diff` says once, in its summary, that they reach production only through the Console's "Deploy
/// Schema Changes" (§9 rule 29). The ID stays registered (the registry is append-only), so configurations
/// that name it keep working.
package struct FieldInProductionRule: BreakingRule {
    /// Identity and documentation.
    package static let description = RuleDescription(
        id: "field_in_production",
        kind: .breaking,
        name: "Field In Production",
        category: .structure,
        defaultSeverity: .warning,
        summary: "Retired: the fields a candidate adds are safe additions and are not reported.",
        rationale: RetiredAdditionRules.rationale,
        cloudKitRules: [29],
        introduced: "0.1.0",
        retirement: retirement,
        examples: .changes(triggering: triggeringChanges, nonTriggering: nonTriggeringChanges)
    )

    /// Retired after 0.2.0: the fields a candidate adds are safe additions.
    static let retirement: String? = RetiredAdditionRules.retirement

    /// Pairs the rule reports: none, it is retired.
    static let triggeringChanges: [ChangeExample] = []

    /// Pairs the rule does not report.
    static let nonTriggeringChanges: [ChangeExample] = [
        .yaml(
            baseline: """
                recordTypes:
                  Note: { fields: { title: string } }
                """,
            candidate: """
                recordTypes:
                  Note: { fields: { title: string, place: location } }
                """,
            baselineEnvironment: .production),
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
    package init() {}

    /// Nothing: additions are safe (see the rule's documentation).
    package func check(_ change: SchemaChange, context: BreakingContext) -> Diagnostic? {
        nil
    }
}
