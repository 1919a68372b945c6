package import CKSchemaCore

/// `replaces.type` states the old field's declared type.
///
/// Lint: an error at `replaces`' `type` when it differs from the old field's declaration.
package struct MigrationReplacedTypeMatchesRule: LintRule {
    package static let description = RuleDescription(
        id: "migration_replaced_type_matches",
        kind: .lint,
        name: "Migration Replaced Type Matches",
        category: .migrations,
        defaultSeverity: .error,
        summary: "`replaces: { field, type }` states the type the old field is declared with.",
        rationale: """
            `replaces` repeats the old field's type so that the conversion reads in one place, and so that a \
            later edit of the old field's declaration does not silently change what the generated code \
            converts. The two must agree; the old field's declaration is what CloudKit holds.
            """,
        languages: [.yaml, .ckdb],
        examples: .schemas(triggering: [
            .yaml("""
                recordTypes:
                  Entry:
                    fields:
                      stars: int64
                      rating: { type: string, replaces: { field: stars, type: ↓double } }
                """),
        ],
        nonTriggering: [
            .yaml("""
                recordTypes:
                  Entry:
                    fields:
                      stars: int64
                      rating: { type: string, replaces: { field: stars, type: int64 } }
                """),
        ])
    )

    package init() {}

    package func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        context.migrationFindings(in: schema)
    }
}
