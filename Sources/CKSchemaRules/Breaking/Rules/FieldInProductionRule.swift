public import CKSchemaCore
public import CKSchemaDiff

/// Retired after 0.2.0: reports nothing. The fields a candidate adds are additions, and additions are safe:
/// `ckschema diff` says once, in its summary, that they reach production only through the Console's "Deploy
/// Schema Changes" (§9 rule 29). The ID stays registered (the registry is append-only), so configurations
/// that name it keep working.
public struct FieldInProductionRule: BreakingRule {
    /// Identity and documentation.
    public static let description = RuleDescription(
        id: "field_in_production",
        kind: .breaking,
        name: "Field In Production",
        category: .structure,
        defaultSeverity: .warning,
        summary: "Retired: the fields a candidate adds are safe additions and are not reported.",
        rationale: """
            Retired after ckschema 0.2.0. An addition is safe: production accepts it, and it reaches production \
            only through the CloudKit Console's "Deploy Schema Changes". Reporting every addition as a \
            warning taught reviewers to ignore warnings, so ckschema diff now says this once, in its summary. \
            The failure of an app that ships before the deploy is found in the app's code by \
            ckschema check-code (docs/cloudkit-facts.md §1.4, §9 rule 29).
            """,
        cloudKitRules: [29],
        introduced: "0.1.0",
        retirement: retirement,
        examples: .changes(triggering: triggeringChanges, nonTriggering: nonTriggeringChanges)
    )

    /// Retired after 0.2.0: the fields a candidate adds are safe additions.
    static let retirement: String? = "additions are safe; ckschema diff says once, in its summary, that they "
        + "reach production only through the Console's \"Deploy Schema Changes\""

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
    public init() {}

    /// Nothing: additions are safe (see the rule's documentation).
    public func check(_ change: SchemaChange, context: BreakingContext) -> Diagnostic? {
        nil
    }
}
