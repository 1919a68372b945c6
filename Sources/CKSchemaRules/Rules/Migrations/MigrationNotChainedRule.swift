package import CKSchemaCore

/// A field that took over from an old field is not itself retired by a newer one.
///
/// Lint: an error at the newer field's `renamedFrom` / `replaces` when the field it names declares a
/// migration of its own.
package struct MigrationNotChainedRule: LintRule {
    package static let description = RuleDescription(
        id: "migration_not_chained",
        kind: .lint,
        name: "Migration Not Chained",
        category: .migrations,
        defaultSeverity: .error,
        summary: "Migrations do not chain: finish one before declaring the next.",
        rationale: """
            Generated code falls back one step: when a record lacks the new field it reads the old one. In a \
            chain (`title` replaced by `heading`, `heading` by `headline`) a record an old app version saved \
            holds only `title`, which reading `headline` never reaches, so the record reads as empty. Finish \
            the first migration (every record holds `heading`: with `title` SORTABLE, the generated \
            `Entry.unmigratedHeadingQuery` returns no record that `Entry.needsHeadingMigration(_:)` keeps; \
            without a usable index, read and save every record), remove `heading`'s `renamedFrom`, then \
            declare `headline`'s.
            """,
        languages: [.yaml, .ckdb],
        examples: .schemas(triggering: [
            .yaml("""
                recordTypes:
                  Entry:
                    fields:
                      title: string
                      heading: { type: string, renamedFrom: title }
                      headline: { type: string, ↓renamedFrom: heading }
                """),
        ],
        nonTriggering: [
            .yaml("""
                recordTypes:
                  Entry:
                    fields:
                      title: string
                      heading: string
                      headline: { type: string, renamedFrom: heading }
                """),
        ])
    )

    package init() {}

    package func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        context.migrationFindings(in: schema)
    }
}
