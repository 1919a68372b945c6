package import CKSchemaCore

/// SEARCHABLE is only on STRING and LIST<STRING> fields.
///
/// Lint: SEARCHABLE on any other type is an error at the option. (Encrypted and asset fields are left to
/// `encrypted_field_not_indexed` and `asset_not_indexed`, so each option is reported once.)
package struct SearchableRequiresStringRule: LintRule {
    package static let description = RuleDescription(
        id: "searchable_requires_string",
        kind: .lint,
        name: "Searchable Requires String",
        category: .indexes,
        defaultSeverity: .error,
        summary: "SEARCHABLE (full-text search) is only on STRING and LIST<STRING> fields.",
        rationale: """
            SEARCHABLE "maintains a text search index"; CKQuery's full-text search (`self CONTAINS 'token'`) \
            "can't ... search in fields with a type that isn't a string". Development's own automatic indexes \
            make strings SEARCHABLE and nothing else (docs/cloudkit-facts.md §4.1–4.2, §9 rule 9). Use QUERYABLE for \
            equality on other types.
            """,
        cloudKitRules: [9],
        examples: .schemas(triggering: [
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE Item (count INT64 ↓SEARCHABLE, ↓"___createTime" TIMESTAMP SEARCHABLE);
                """),
            .yaml("""
                recordTypes:
                  Item:
                    fields:
                      owner: { type: reference, indexes: [queryable, ↓searchable] }
                    systemFields: { ↓modTime: [searchable] }
                """),
        ],
        nonTriggering: [
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE Item (title STRING QUERYABLE SEARCHABLE, tags LIST<STRING> SEARCHABLE, count INT64 QUERYABLE);
                """),
        ])
    )

    package init() {}

    package func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        IndexProblem.searchableNotString.findings(in: schema, context: context) { element, _ in
            "\(element.described) is \(element.type) and cannot be SEARCHABLE; full-text search works only on "
                + "STRING and LIST<STRING>"
        }
    }
}
