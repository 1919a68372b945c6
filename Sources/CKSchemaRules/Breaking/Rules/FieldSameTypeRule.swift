package import CKSchemaCore
package import CKSchemaDiff

/// A field keeps its data type, list-ness included.
///
/// Breaking: production never changes a field's type (§9 rule 23).
package struct FieldSameTypeRule: BreakingRule {
    /// Identity and documentation.
    package static let description = RuleDescription(
        id: "field_same_type",
        kind: .breaking,
        name: "Field Same Type",
        category: .types,
        defaultSeverity: .error,
        summary: "A field keeps its data type, including whether it is a list.",
        rationale: """
            After a deploy "you cannot delete a field or change its data type", and T to LIST<T> is a type \
            change too. The only type change CloudKit allows is giving a NUMBER field its first PREFERRED AS \
            (see field_same_number_preference). Add a field with the new type instead \
            (docs/cloudkit-facts.md §1.2, §9 rule 23).
            """,
        cloudKitRules: [23],
        introduced: "0.1.0",
        examples: .changes(triggering: triggeringChanges, nonTriggering: nonTriggeringChanges)
    )

    /// Pairs the rule reports, `↓` where it reports.
    static let triggeringChanges: [ChangeExample] = [
        .yaml(
            baseline: """
                recordTypes:
                  Note:
                    fields: { wordCount: int64 }
                """,
            candidate: """
                recordTypes:
                  Note:
                    fields: { wordCount: ↓string }
                """),
        .ckdb(
            baseline: """
                DEFINE SCHEMA
                    RECORD TYPE Note (tag STRING QUERYABLE);
                """,
            candidate: """
                DEFINE SCHEMA
                    RECORD TYPE Note (tag ↓LIST<STRING> QUERYABLE);
                """),
    ]

    /// Pairs the rule does not report.
    static let nonTriggeringChanges: [ChangeExample] = [
        .yaml(
            baseline: """
                recordTypes:
                  Note:
                    fields: { isPinned: int64, tags: list<string> }
                """,
            candidate: """
                recordTypes:
                  Note:
                    fields: { isPinned: bool, tags: { type: list<string>, indexes: [queryable] } }
                """),
    ]

    /// The rule; it holds no state.
    package init() {}

    /// The finding about `change`, if the rule reports it.
    package func check(_ change: SchemaChange, context: BreakingContext) -> Diagnostic? {
        guard case .modifyField(let baseline, let candidate, let aspects) = change.kind,
              !aspects.isDisjoint(with: [.primitiveType, .listness]), let type = change.recordType else { return nil }
        return context.protectingProduction(
            "field '\(baseline.name)' of record type '\(type)' changes type from \(baseline.type) to \(candidate.type)",
            refusal: "CloudKit never changes the type of a field in production", recordType: type,
            field: baseline.name, for: change)
    }
}
