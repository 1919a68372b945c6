package import CKSchemaCore

/// A field lists each index option once.
///
/// Lint: `title STRING QUERYABLE QUERYABLE` (or `indexes: [queryable, queryable]`) is a warning at the repeat.
package struct IndexOptionNotRepeatedRule: LintRule {
    package static let description = RuleDescription(
        id: "index_option_not_repeated",
        kind: .lint,
        name: "Index Option Not Repeated",
        category: .indexes,
        defaultSeverity: .warning,
        summary: "QUERYABLE, SORTABLE and SEARCHABLE appear at most once per field.",
        rationale: """
            Whether CloudKit accepts a repeated option is unknown (docs/cloudkit-facts.md §9 rule 12, unknown), so \
            this is a warning. A repeat is usually a typo for another option.
            """,
        cloudKitRules: [12],
        examples: .schemas(triggering: [
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE Note (title STRING QUERYABLE ↓QUERYABLE);
                """),
            .yaml("""
                recordTypes:
                  Note:
                    fields:
                      title: { type: string, indexes: [queryable, ↓queryable] }
                """),
        ],
        nonTriggering: [
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE Note (title STRING SORTABLE QUERYABLE SEARCHABLE);
                """),
        ])
    )

    package init() {}

    package func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        context.sourceMap.facts(.repeatedIndexOption).map { fact in
            context.diagnostic("index option \(fact.text.uppercased()) is listed twice", at: fact.location,
                               subject: fact.subject)
        }
    }
}
