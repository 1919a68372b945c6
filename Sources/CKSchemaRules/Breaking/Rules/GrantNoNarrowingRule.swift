package import CKSchemaCore
package import CKSchemaDiff

/// A role keeps every permission a baseline record type grants it; adding permissions is fine.
///
/// Warning: a narrowed grant takes a permission from shipped apps (§9 rule 28).
package struct GrantNoNarrowingRule: BreakingRule {
    /// Identity and documentation.
    package static let description = RuleDescription(
        id: "grant_no_narrowing",
        kind: .breaking,
        name: "Grant No Narrowing",
        category: .security,
        defaultSeverity: .warning,
        summary: "A role keeps every permission a baseline record type grants it; adding permissions is fine.",
        rationale: """
            A grant changed from READ, WRITE to READ takes WRITE from every user in the role. Whether CloudKit \
            deploys changed grants is not documented; if it does, apps already shipped that rely on the lost \
            permission get errors. Permissions are merged over every GRANT naming the role, so splitting or \
            merging GRANTs changes nothing (docs/cloudkit-facts.md §2.4, §9 rule 28).
            """,
        cloudKitRules: [28],
        introduced: "0.1.0",
        examples: .changes(triggering: triggeringChanges, nonTriggering: nonTriggeringChanges)
    )

    /// Pairs the rule reports, `↓` where it reports.
    static let triggeringChanges: [ChangeExample] = [
        .yaml(
            baseline: """
                roles: [Moderator]
                recordTypes:
                  Post:
                    fields: { title: string }
                    grants: { _world: [read], Moderator: [read, write] }
                """,
            candidate: """
                roles: [Moderator]
                recordTypes:
                  Post:
                    fields: { title: string }
                    grants: { _world: [read], ↓Moderator: [read] }
                """),
        .ckdb(
            baseline: """
                DEFINE SCHEMA
                    RECORD TYPE Post (title STRING, GRANT CREATE TO "_icloud");
                """,
            candidate: """
                DEFINE SCHEMA
                    RECORD TYPE Post (title STRING, ↓GRANT READ TO "_icloud");
                """),
    ]

    /// Pairs the rule does not report.
    static let nonTriggeringChanges: [ChangeExample] = [
        .yaml(
            baseline: """
                recordTypes:
                  Post:
                    fields: { title: string }
                    grants: { _creator: [write] }
                """,
            candidate: """
                recordTypes:
                  Post:
                    fields: { title: string }
                    grants: { _creator: [read, write] }
                """),
    ]

    /// The rule; it holds no state.
    package init() {}

    /// The finding about `change`, if the rule reports it.
    package func check(_ change: SchemaChange, context: BreakingContext) -> Diagnostic? {
        guard case .modifyGrant(let role, let baseline, let candidate) = change.kind,
              !candidate.isSuperset(of: baseline), let type = change.recordType else { return nil }
        let lost = baseline.subtracting(candidate)
        return context.diagnostic(
            "record type '\(type)' narrows the grant to '\(role)' from \(baseline.keywords) to "
                + "\(candidate.keywords.isEmpty ? "nothing" : candidate.keywords); apps already shipped lose "
                + "\(lost.keywords)",
            for: change)
    }
}
