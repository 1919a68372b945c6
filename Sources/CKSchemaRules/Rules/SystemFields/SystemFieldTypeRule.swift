package import CKSchemaCore

/// A system field mentioned in a schema keeps its fixed type.
///
/// Lint (`.ckdb` only; YAML's `systemFields:` takes indexes only): `"___createTime" STRING` is an error.
package struct SystemFieldTypeRule: LintRule {
    package static let description = RuleDescription(
        id: "system_field_type",
        kind: .lint,
        name: "System Field Type",
        category: .systemFields,
        defaultSeverity: .error,
        summary: "System fields are written with their fixed types (___createTime TIMESTAMP, ___recordID REFERENCE, …).",
        rationale: """
            Every record type has ___createTime TIMESTAMP, ___createdBy REFERENCE, ___etag STRING, \
            ___modTime TIMESTAMP, ___modifiedBy REFERENCE and ___recordID REFERENCE. A schema mentions them \
            only to index them, and "you can't change the type of these system fields" (docs/cloudkit-facts.md \
            §2.3, §9 rules 4 and 24).
            """,
        cloudKitRules: [4, 24],
        languages: [.ckdb],
        examples: .schemas(triggering: [
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE Note ("___createTime" ↓STRING QUERYABLE);
                """),
        ],
        nonTriggering: [
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE Note ("___createTime" TIMESTAMP QUERYABLE SORTABLE, "___recordID" REFERENCE QUERYABLE);
                """),
        ])
    )

    package init() {}

    package func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        context.sourceMap.facts(.systemFieldWrongType).map { fact in
            let field: SystemField? = if case .systemField(_, let field)? = fact.subject { field } else { nil }
            let expected = field.map { " is \($0.type) and" } ?? ""
            return context.diagnostic(
                "system field '\(field?.name ?? "?")'\(expected) cannot be declared as \(fact.text)",
                at: fact.location, subject: fact.subject)
        }
    }
}
