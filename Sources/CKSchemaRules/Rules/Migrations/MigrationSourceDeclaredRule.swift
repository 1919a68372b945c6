package import CKSchemaCore

/// `renamedFrom` / `replaces` names a field declared in the same record type.
///
/// Lint (YAML, and `.ckdb` with `// ckschema:migration` directives, where findings are at the directive): an
/// error at the declaration's key when the old field is not declared in the record type, or is the field itself.
package struct MigrationSourceDeclaredRule: LintRule {
    package static let description = RuleDescription(
        id: "migration_source_declared",
        kind: .lint,
        name: "Migration Source Declared",
        category: .migrations,
        defaultSeverity: .error,
        summary: "A field's `renamedFrom` / `replaces` names another field declared in the same record type.",
        rationale: """
            A production schema only grows: a renamed or retyped field is a new field, and the old one stays in \
            CloudKit for ever, holding the values older app versions wrote. The generated code reads the old \
            field when a record lacks the new one, so the old field must stay declared in the same record type, \
            with its type. A name the type does not declare is a typo, or an old field deleted from the schema \
            (which `diff` reports as breaking while production has it). See docs/migrations.md.
            """,
        languages: [.yaml, .ckdb],
        examples: .schemas(triggering: [
            .yaml("""
                recordTypes:
                  Entry:
                    fields:
                      isFavorite: bool
                      starred: { type: bool, ↓renamedFrom: isFavourite }
                      again: { type: bool, ↓renamedFrom: again }
                      rating: { type: double, replaces: { field: ↓stars, type: int64 }, lossy: true }
                """),
            .ckdb("""
                DEFINE SCHEMA
                    // ↓ckschema:migration starred renamedFrom isFavourite
                    RECORD TYPE Entry (isFavorite INT64, starred INT64);
                """),
        ],
        nonTriggering: [
            .yaml("""
                recordTypes:
                  Entry:
                    fields:
                      isFavorite: bool
                      starred: { type: bool, renamedFrom: isFavorite }
                """),
            .ckdb("""
                DEFINE SCHEMA
                    // ckschema:migration starred renamedFrom isFavorite dualWrite
                    RECORD TYPE Entry (isFavorite INT64, starred INT64);
                """),
        ])
    )

    package init() {}

    package func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        context.migrationFindings(in: schema)
    }
}
