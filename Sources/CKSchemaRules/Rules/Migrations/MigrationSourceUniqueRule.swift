package import CKSchemaCore

/// One old field is taken over by one new field.
///
/// Lint: an error at the second field's `renamedFrom` / `replaces` naming an old field another field
/// already took over from.
package struct MigrationSourceUniqueRule: LintRule {
    package static let description = RuleDescription(
        id: "migration_source_unique",
        kind: .lint,
        name: "Migration Source Unique",
        category: .migrations,
        defaultSeverity: .error,
        summary: "No two fields take over from the same old field.",
        rationale: """
            Generated code reads the old field as the fallback of the new one, and under `dualWrite` writes the \
            new value back into it. Two fields taking over from one old field would both write it back, and \
            the old field would hold whichever was written last. Split the data in the app's own code instead.
            """,
        languages: [.yaml, .ckdb],
        examples: .schemas(triggering: [
            .yaml("""
                recordTypes:
                  Entry:
                    fields:
                      isFavorite: bool
                      starred: { type: bool, renamedFrom: isFavorite }
                      pinned: { type: bool, ↓renamedFrom: isFavorite }
                """),
        ],
        nonTriggering: [
            .yaml("""
                recordTypes:
                  Entry:
                    fields:
                      isFavorite: bool
                      starred: { type: bool, renamedFrom: isFavorite }
                      pinned: bool
                """),
        ])
    )

    package init() {}

    package func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        context.migrationFindings(in: schema)
    }
}
