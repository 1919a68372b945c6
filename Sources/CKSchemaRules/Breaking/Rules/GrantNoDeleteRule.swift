package import CKSchemaCore
package import CKSchemaDiff

/// Every role a baseline record type grants permissions to keeps a grant in the candidate.
///
/// Warning: shipped apps that rely on the permission get errors (§9 rule 28).
package struct GrantNoDeleteRule: BreakingRule {
    /// Identity and documentation.
    package static let description = RuleDescription(
        id: "grant_no_delete",
        kind: .breaking,
        name: "Grant No Delete",
        category: .security,
        defaultSeverity: .warning,
        summary: "Every role a baseline record type grants permissions to keeps a grant in the candidate.",
        rationale: """
            GRANTs decide who may read, create and write records of a type in the public database. Whether \
            CloudKit deploys a removed grant is not documented; if it does, apps already shipped that rely on \
            it get permission errors. Grants are compared per role, merged over every GRANT naming the role \
            (docs/cloudkit-facts.md §2.4, §9 rule 28).
            """,
        cloudKitRules: [28],
        introduced: "0.1.0",
        examples: .changes(triggering: triggeringChanges, nonTriggering: nonTriggeringChanges)
    )

    /// Pairs the rule reports, `↓` where it reports.
    static let triggeringChanges: [ChangeExample] = [
        .yaml(
            baseline: """
                recordTypes:
                  Post:
                    fields: { title: string }
                    grants: { _world: [read], _icloud: [create], _creator: [write] }
                """,
            candidate: """
                recordTypes:
                  ↓Post:
                    fields: { title: string }
                    grants: { _world: [read], _creator: [write] }
                """),
    ]

    /// Pairs the rule does not report.
    static let nonTriggeringChanges: [ChangeExample] = [
        .ckdb(
            baseline: """
                DEFINE SCHEMA
                    RECORD TYPE Post (title STRING, GRANT WRITE TO "_creator", GRANT READ TO "_creator");
                """,
            candidate: """
                DEFINE SCHEMA
                    RECORD TYPE Post (title STRING, GRANT READ, WRITE TO "_creator", GRANT READ TO "_world");
                """),
    ]

    /// The rule; it holds no state.
    package init() {}

    /// The finding about `change`, if the rule reports it.
    package func check(_ change: SchemaChange, context: BreakingContext) -> Diagnostic? {
        guard case .deleteGrant(let grant) = change.kind, let type = change.recordType else { return nil }
        return context.diagnostic(
            "record type '\(type)' no longer grants \(grant.permissions.keywords) to '\(grant.role)'; apps "
                + "already shipped that rely on it get permission errors",
            for: change)
    }
}
