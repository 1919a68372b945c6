package import CKSchemaCore

/// `renamedFrom` keeps the type; `replaces` changes it.
///
/// Lint: an error at `renamedFrom` when the old field's type differs (suggesting `replaces`), and at
/// `replaces` when it does not (suggesting `renamedFrom`). Encryption does not count as a difference.
package struct MigrationKindFitsTypesRule: LintRule {
    package static let description = RuleDescription(
        id: "migration_kind_fits_types",
        kind: .lint,
        name: "Migration Kind Fits Types",
        category: .migrations,
        defaultSeverity: .error,
        summary: "`renamedFrom` names a field of the same type; `replaces` one of another type.",
        rationale: """
            A rename moves values unchanged, so the old and new fields hold the same type; a type change \
            converts every value on the way (and back, under `dualWrite`), which `replaces` declares with the \
            old type so that the conversion is reviewed. Declaring one as the other would generate code that \
            reads values of the wrong type, or a conversion that does nothing. Encryption is not a difference: \
            values are decrypted before code sees them.
            """,
        languages: [.yaml, .ckdb],
        examples: .schemas(triggering: [
            .yaml("""
                recordTypes:
                  Entry:
                    fields:
                      stars: int64
                      rating: { type: double, ↓renamedFrom: stars }
                      title: string
                      heading: { type: string, ↓replaces: { field: title, type: string } }
                """),
        ],
        nonTriggering: [
            .yaml("""
                recordTypes:
                  Entry:
                    fields:
                      stars: int64
                      rating: { type: double, replaces: { field: stars, type: int64 }, lossy: true }
                      title: string
                      heading: { type: string, encrypted: true, renamedFrom: title }
                """),
        ])
    )

    package init() {}

    package func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        context.migrationFindings(in: schema)
    }
}
