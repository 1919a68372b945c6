package import CKSchemaCore

/// A retired field is not put to a new use.
///
/// Lint: an error at the retired field's `required`, `default` or `merge`, or at the record type's
/// `mergeClock` naming it. (Its indexes: `retired_field_not_newly_indexed`; the app's code reading or writing
/// it: `ckschema check-code`.)
package struct RetiredFieldUnusedRule: LintRule {
    package static let description = RuleDescription(
        id: "retired_field_unused",
        kind: .lint,
        name: "Retired Field Unused",
        category: .migrations,
        defaultSeverity: .error,
        summary: "A field a migration retired is not required, has no default, is not the merge clock and has "
            + "no merge policy of its own.",
        rationale: """
            A field named by another field's `renamedFrom` / `replaces` is retired: CloudKit keeps it, generated \
            code reads it only when a record lacks the new field and writes it only under `dualWrite`. New \
            records do not hold it, so it cannot be required; a missing value falls back to it, so a default of \
            its own would never apply; a merge clock must be written by every save; and the pair merges as one \
            logical field, by the new field's policy.
            """,
        languages: [.yaml, .ckdb],
        examples: .schemas(triggering: [
            .yaml("""
                recordTypes:
                  Entry:
                    merge: latest
                    ↓mergeClock: editedAt
                    fields:
                      isFavorite: { type: bool, ↓required: true, ↓default: false, ↓merge: serverWins }
                      starred: { type: bool, renamedFrom: isFavorite }
                      editedAt: timestamp
                      modifiedAt: { type: timestamp, renamedFrom: editedAt }
                """),
        ],
        nonTriggering: [
            .yaml("""
                recordTypes:
                  Entry:
                    merge: latest
                    mergeClock: modifiedAt
                    fields:
                      isFavorite: bool
                      starred: { type: bool, renamedFrom: isFavorite, required: true, default: false }
                      editedAt: timestamp
                      modifiedAt: { type: timestamp, renamedFrom: editedAt }
                """),
        ])
    )

    package init() {}

    package func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        context.migrationFindings(in: schema)
    }
}
