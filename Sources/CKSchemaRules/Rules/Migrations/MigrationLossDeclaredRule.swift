package import CKSchemaCore

/// A conversion that can lose information says `lossy: true`.
///
/// Lint: an error at `replaces` when the conversion can change a value (INT64 → DOUBLE beyond ±2^53, DOUBLE →
/// INT64), or at `dualWrite` when the way back can (a list written back as its first element), without
/// `lossy: true`.
package struct MigrationLossDeclaredRule: LintRule {
    package static let description = RuleDescription(
        id: "migration_loss_declared",
        kind: .lint,
        name: "Migration Loss Declared",
        category: .migrations,
        defaultSeverity: .error,
        summary: "A conversion that can change values is accepted explicitly with `lossy: true`.",
        rationale: """
            An INT64 beyond ±2^53 has no exact DOUBLE; a DOUBLE's fraction, or a value beyond INT64's range, \
            has no INT64; a list written back into a single value keeps only its first element. Generated code \
            converts silently, so a conversion that can change the user's data must be accepted where it is \
            declared. Under `dualWrite` the way back counts too: older app versions read it.
            """,
        languages: [.yaml, .ckdb],
        examples: .schemas(triggering: [
            .yaml("""
                recordTypes:
                  Entry:
                    fields:
                      stars: int64
                      rating: { type: double, ↓replaces: { field: stars, type: int64 } }
                      tag: string
                      tags: { type: list<string>, replaces: { field: tag, type: string }, ↓dualWrite: true }
                """),
        ],
        nonTriggering: [
            .yaml("""
                recordTypes:
                  Entry:
                    fields:
                      stars: int64
                      rating: { type: double, replaces: { field: stars, type: int64 }, lossy: true }
                      count: string
                      total: { type: int64, replaces: { field: count, type: string }, dualWrite: true }
                """),
        ])
    )

    package init() {}

    package func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        context.migrationFindings(in: schema)
    }
}
