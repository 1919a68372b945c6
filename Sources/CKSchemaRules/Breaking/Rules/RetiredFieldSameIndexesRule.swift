package import CKSchemaCore
package import CKSchemaDiff

/// A retired field (one another field migrates from, `renamedFrom` / `replaces`) gains no index.
///
/// Breaking: CloudKit would accept the index (§9 rule 26), but a retired field holds the values of records not
/// yet migrated only, and an index added to it is an index production keeps for ever.
package struct RetiredFieldSameIndexesRule: BreakingRule {
    /// Identity and documentation.
    package static let description = RuleDescription(
        id: "retired_field_same_indexes",
        kind: .breaking,
        name: "Retired Field Same Indexes",
        category: .indexes,
        defaultSeverity: .error,
        summary: "A field another field migrates from gains no QUERYABLE, SORTABLE or SEARCHABLE index.",
        rationale: """
            A field named by another field's `renamedFrom` or `replaces` is retired: it stays in the schema \
            because production keeps it, and it holds the values of records no app has re-saved since the \
            migration, fewer every day. CloudKit would deploy a new index on it (new indexes are safe, \
            docs/cloudkit-facts.md §9 rule 26), but indexes cannot be taken back from production without \
            breaking queries, and a query on the old field finds only unmigrated records. Index the field that \
            replaced it; to find unmigrated records, query with the index the old field already has. Lint \
            forbids the same in a single schema; this rule catches it between two.
            """,
        cloudKitRules: [26],
        introduced: "0.1.0",
        examples: .changes(triggering: triggeringChanges, nonTriggering: nonTriggeringChanges)
    )

    /// Pairs the rule reports, `↓` where it reports.
    static let triggeringChanges: [ChangeExample] = [
        .yaml(
            baseline: """
                recordTypes:
                  Note:
                    fields:
                      isFavorite: int64
                      starred: { type: int64, renamedFrom: isFavorite }
                """,
            candidate: """
                recordTypes:
                  Note:
                    fields:
                      isFavorite: { type: int64, indexes: [↓queryable] }
                      starred: { type: int64, renamedFrom: isFavorite }
                """),
    ]

    /// Pairs the rule does not report.
    static let nonTriggeringChanges: [ChangeExample] = [
        .yaml(
            baseline: """
                recordTypes:
                  Note:
                    fields:
                      isFavorite: { type: int64, indexes: [queryable] }
                """,
            candidate: """
                recordTypes:
                  Note:
                    fields:
                      isFavorite: { type: int64, indexes: [queryable] }
                      starred: { type: int64, renamedFrom: isFavorite, indexes: [queryable] }
                """),
    ]

    /// The rule; it holds no state.
    package init() {}

    /// The finding about `change`, if the rule reports it.
    package func check(_ change: SchemaChange, context: BreakingContext) -> Diagnostic? {
        guard case .addIndex(.field(let name), let option) = change.kind, let type = change.recordType,
              let replacement = change.replacement, let declaration = replacement.migrationDeclaration else {
            return nil
        }
        return context.diagnostic(
            "index \(option.keywords) is added to field '\(name)' of record type '\(type)', which '\(replacement.name)' "
                + "migrates from ('\(declaration)'); index '\(replacement.name)' instead: a retired field holds "
                + "only records not yet migrated, and production keeps an index for ever", for: change)
    }
}
