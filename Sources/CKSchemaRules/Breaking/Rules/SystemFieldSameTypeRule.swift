package import CKSchemaCore
package import CKSchemaDiff

/// A system field keeps its fixed type.
///
/// Breaking: "You can't change the type of these system fields" (§9 rule 24). Only `.ckdb` can write a type
/// for a system field (YAML's `systemFields:` takes indexes only).
package struct SystemFieldSameTypeRule: BreakingRule {
    /// Identity and documentation.
    package static let description = RuleDescription(
        id: "system_field_same_type",
        kind: .breaking,
        name: "System Field Same Type",
        category: .systemFields,
        defaultSeverity: .error,
        summary: "System fields keep their fixed types (___createTime TIMESTAMP, ___recordID REFERENCE, …).",
        rationale: """
            Every record type has ___createTime TIMESTAMP, ___createdBy REFERENCE, ___etag STRING, \
            ___modTime TIMESTAMP, ___modifiedBy REFERENCE and ___recordID REFERENCE, and "you can't change \
            the type of these system fields". A candidate that declares one with another type cannot deploy \
            (docs/cloudkit-facts.md §2.3, §9 rule 24; lint reports the same text as system_field_type).
            """,
        cloudKitRules: [24],
        languages: [.ckdb],
        introduced: "0.1.0",
        examples: .changes(triggering: triggeringChanges, nonTriggering: nonTriggeringChanges)
    )

    /// Pairs the rule reports, `↓` where it reports.
    static let triggeringChanges: [ChangeExample] = [
        .ckdb(
            baseline: """
                DEFINE SCHEMA
                    RECORD TYPE Note ("___createTime" TIMESTAMP QUERYABLE, title STRING);
                """,
            candidate: """
                DEFINE SCHEMA
                    RECORD TYPE Note ("___createTime" ↓INT64 QUERYABLE, title STRING);
                """),
    ]

    /// Pairs the rule does not report.
    static let nonTriggeringChanges: [ChangeExample] = [
        .ckdb(
            baseline: """
                DEFINE SCHEMA
                    RECORD TYPE Note (title STRING);
                """,
            candidate: """
                DEFINE SCHEMA
                    RECORD TYPE Note ("___createTime" TIMESTAMP QUERYABLE SORTABLE, title STRING);
                """),
    ]

    /// The rule; it holds no state.
    package init() {}

    /// The finding about `change`, if the rule reports it.
    package func check(_ change: SchemaChange, context: BreakingContext) -> Diagnostic? {
        // Going back to the fixed type (from a baseline that was written wrongly) breaks nothing.
        guard case .modifySystemField(let field, _, let candidate) = change.kind,
              candidate != field.type.description, let type = change.recordType else { return nil }
        return context.diagnostic(
            "system field '\(field.name)' of record type '\(type)' is declared as \(candidate); it is "
                + "\(field.type) and CloudKit never changes the type of a system field",
            for: change)
    }
}
