package import CKSchemaCore

/// ASSET and LIST<ASSET> fields carry no index option.
///
/// Lint: QUERYABLE, SORTABLE or SEARCHABLE on an asset field is an error at the option.
package struct AssetNotIndexedRule: LintRule {
    package static let description = RuleDescription(
        id: "asset_not_indexed",
        kind: .lint,
        name: "Asset Not Indexed",
        category: .indexes,
        defaultSeverity: .error,
        summary: "ASSET and LIST<ASSET> fields have no QUERYABLE, SORTABLE or SEARCHABLE index.",
        rationale: """
            Query predicates "operate only on fields that contain" strings, dates, numbers, arrays, references \
            and locations (CKQuery); an asset is a file, not a value the server can compare. No real schema \
            indexes an asset, not even the indexes development creates just in time (docs/cloudkit-facts.md §4.2, \
            §9 rule 9).
            """,
        cloudKitRules: [9],
        examples: .schemas(triggering: [
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE Photo (image ASSET ↓QUERYABLE, thumbnails LIST<ASSET> ↓SORTABLE);
                """),
            .yaml("""
                recordTypes:
                  Photo:
                    fields:
                      image: { type: asset, indexes: [↓queryable, ↓searchable] }
                """),
        ],
        nonTriggering: [
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE Photo (image ASSET, thumbnails LIST<ASSET>, caption STRING QUERYABLE);
                """),
        ])
    )

    package init() {}

    package func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        IndexProblem.asset.findings(in: schema, context: context) { element, option in
            "\(element.described) is \(element.type) and cannot be \(option.keywords); assets cannot be indexed or queried"
        }
    }
}
