package import CKSchemaCore
package import CKSchemaDiff

/// A record type of the baseline is still in the candidate.
///
/// Breaking: production keeps record types for ever and refuses a schema that drops one (§9 rule 21).
package struct RecordTypeNoDeleteRule: BreakingRule {
    /// Identity and documentation.
    package static let description = RuleDescription(
        id: "record_type_no_delete",
        kind: .breaking,
        name: "Record Type No Delete",
        category: .structure,
        defaultSeverity: .error,
        summary: "Every record type of the baseline is still in the candidate.",
        rationale: """
            "You can't delete record types that are part of a production schema"; a schema that would lose \
            one is invalid and CloudKit makes no change at all. A rename is a delete plus an add, so it is \
            refused too: keep the old type and add the new one (docs/cloudkit-facts.md §1.2, §9 rule 21).
            """,
        cloudKitRules: [21],
        introduced: "0.1.0",
        examples: .changes(triggering: triggeringChanges, nonTriggering: nonTriggeringChanges)
    )

    /// Pairs the rule reports, `↓` where it reports.
    static let triggeringChanges: [ChangeExample] = [
        .ckdb(
            baseline: """
                DEFINE SCHEMA
                    RECORD TYPE Note (title STRING);
                    RECORD TYPE ↓Draft (title STRING);
                """,
            candidate: """
                DEFINE SCHEMA
                    RECORD TYPE Note (title STRING);
                """),
    ]

    /// Pairs the rule does not report.
    static let nonTriggeringChanges: [ChangeExample] = [
        .yaml(
            baseline: """
                recordTypes:
                  Note: { fields: { title: string } }
                """,
            candidate: """
                recordTypes:
                  Note: { fields: { title: string } }
                  Draft: { fields: { title: string } }
                """),
    ]

    /// The rule; it holds no state.
    package init() {}

    /// The finding about `change`, if the rule reports it.
    package func check(_ change: SchemaChange, context: BreakingContext) -> Diagnostic? {
        guard case .deleteRecordType(let type) = change.kind else { return nil }
        return context.protectingProduction(
            "record type '\(type.name)' is deleted",
            refusal: "CloudKit refuses to delete a record type that is in production", recordType: type.name, for: change)
    }
}
