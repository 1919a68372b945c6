package import CKSchemaCore

/// A retired field gets no index production does not already have.
///
/// Lint: an error at each index option of a retired field that production's snapshot lacks. With no
/// production snapshot, production is taken as empty (the environment model), so every such option is
/// reported; linting the production snapshot itself, its indexes are production's and none is.
package struct RetiredFieldNotNewlyIndexedRule: LintRule {
    package static let description = RuleDescription(
        id: "retired_field_not_newly_indexed",
        kind: .lint,
        name: "Retired Field Not Newly Indexed",
        category: .migrations,
        defaultSeverity: .error,
        summary: "A field a migration retired gets no index that production does not already have.",
        rationale: """
            A retired field is read only as the fallback of the field that replaced it, never queried: a query \
            on it would miss every record saved since the migration. An index production already has stays \
            (production indexes cannot be removed without a breaking change, and cost nothing more); a new one \
            is a use the migration rules out, and costs storage on every record. Index the new field instead.
            """,
        languages: [.yaml, .ckdb],
        examples: .schemas(triggering: [
            .yaml("""
                recordTypes:
                  Entry:
                    fields:
                      stars: { type: int64, indexes: [↓queryable, ↓sortable] }
                      rating: { type: double, replaces: { field: stars, type: int64 }, lossy: true }
                """),
        ],
        nonTriggering: [
            .yaml("""
                recordTypes:
                  Entry:
                    fields:
                      stars: int64
                      rating: { type: double, replaces: { field: stars, type: int64 }, lossy: true,
                                indexes: [queryable, sortable] }
                """),
        ])
    )

    package init() {}

    package func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        context.migrationFindings(in: schema)
    }
}
