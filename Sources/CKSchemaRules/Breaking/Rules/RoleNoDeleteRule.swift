package import CKSchemaCore
package import CKSchemaDiff

/// Every custom role of the baseline is still declared in the candidate.
///
/// Warning: whether CloudKit deploys a role deletion is not documented, and users who hold the role lose
/// what it grants (§9 rule 28).
package struct RoleNoDeleteRule: BreakingRule {
    /// Identity and documentation.
    package static let description = RuleDescription(
        id: "role_no_delete",
        kind: .breaking,
        name: "Role No Delete",
        category: .security,
        defaultSeverity: .warning,
        summary: "Every custom role of the baseline is still declared in the candidate.",
        rationale: """
            Role definitions deploy with the schema, but role membership is assigned per environment in the \
            Console. No source says whether CloudKit deploys a role deletion; if it does, the users who hold \
            the role in production lose every permission it grants (docs/cloudkit-facts.md §1.2, §9 rule 28).
            """,
        cloudKitRules: [28],
        introduced: "0.1.0",
        examples: .changes(triggering: triggeringChanges, nonTriggering: nonTriggeringChanges)
    )

    /// Pairs the rule reports, `↓` where it reports.
    static let triggeringChanges: [ChangeExample] = [
        .ckdb(
            baseline: """
                DEFINE SCHEMA
                    CREATE ROLE ↓Moderator;
                    RECORD TYPE Post (title STRING, GRANT READ TO "_world");
                """,
            candidate: """
                DEFINE SCHEMA
                    RECORD TYPE Post (title STRING, GRANT READ TO "_world");
                """),
    ]

    /// Pairs the rule does not report.
    static let nonTriggeringChanges: [ChangeExample] = [
        .yaml(
            baseline: """
                roles: [Moderator]
                recordTypes:
                  Post: { fields: { title: string } }
                """,
            candidate: """
                roles: [Editor, Moderator]
                recordTypes:
                  Post: { fields: { title: string } }
                """),
    ]

    /// The rule; it holds no state.
    package init() {}

    /// The finding about `change`, if the rule reports it.
    package func check(_ change: SchemaChange, context: BreakingContext) -> Diagnostic? {
        guard case .deleteRole(let name) = change.kind else { return nil }
        return context.diagnostic(
            "role '\(name)' is deleted; users who hold it in production lose what it grants, and whether "
                + "CloudKit deploys a role deletion is not documented",
            for: change)
    }
}
