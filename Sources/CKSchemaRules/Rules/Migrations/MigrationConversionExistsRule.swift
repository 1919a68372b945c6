package import CKSchemaCore

/// `replaces` converts between types CloudKit's values allow.
///
/// Lint: an error at `replaces` naming both types when no `FieldConversion` turns the old type into the new.
package struct MigrationConversionExistsRule: LintRule {
    package static let description = RuleDescription(
        id: "migration_conversion_exists",
        kind: .lint,
        name: "Migration Conversion Exists",
        category: .migrations,
        defaultSeverity: .error,
        summary: "`replaces` changes a type only where values convert without guessing.",
        rationale: """
            The generated code converts every old value it reads (and, under `dualWrite`, every new value it \
            writes back). Only these conversions are defined: INT64 ↔ DOUBLE, STRING ↔ INT64 or DOUBLE by \
            parsing, TIMESTAMP ↔ DOUBLE seconds since 1970, STRING ↔ REFERENCE by record name, and a value into \
            a one-element list of a type it converts to. Anything else (an asset into a string, a location into \
            a number) has no meaning the tool could pick for you: migrate such data in the app's own code.
            """,
        languages: [.yaml, .ckdb],
        examples: .schemas(triggering: [
            .yaml("""
                recordTypes:
                  Entry:
                    fields:
                      place: location
                      where: { type: string, ↓replaces: { field: place, type: location } }
                """),
        ],
        nonTriggering: [
            .yaml("""
                recordTypes:
                  Entry:
                    fields:
                      createdAt: timestamp
                      created: { type: double, replaces: { field: createdAt, type: timestamp } }
                      tag: string
                      tags: { type: list<string>, replaces: { field: tag, type: string } }
                """),
        ])
    )

    package init() {}

    package func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        context.migrationFindings(in: schema)
    }
}
