package import CKSchemaCore

/// BYTES and LIST<BYTES> fields are not QUERYABLE or SORTABLE.
///
/// Lint: QUERYABLE or SORTABLE on a bytes field is a warning at the option, except on the `CD_` fields of a
/// type Core Data mirrors; a note when production has the index.
package struct BytesNotIndexedRule: LintRule {
    package static let description = RuleDescription(
        id: "bytes_not_indexed",
        kind: .lint,
        name: "Bytes Not Indexed",
        category: .indexes,
        defaultSeverity: .warning,
        summary: "BYTES and LIST<BYTES> fields are not QUERYABLE or SORTABLE.",
        rationale: """
            CONFLICT in the sources: development's automatic indexing does make BYTES fields QUERYABLE \
            SORTABLE, so CloudKit accepts the index, but Apple says query predicates cannot use NSData and \
            "data fields aren't searchable" (docs/cloudkit-facts.md §4.1–4.2, §9 rule 10). The index costs storage and \
            can never serve a query, hence a warning. Not reported: the CD_ fields of a type Core Data mirrors \
            (CD_… with CD_entityName, or CDMR), whose fields Core Data creates and development indexes by \
            itself (§7), and an index production already has, which only gets a note saying production keeps \
            it (§1.3).
            """,
        cloudKitRules: [10],
        examples: .schemas(triggering: [
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE Blob (data BYTES ↓QUERYABLE ↓SORTABLE);
                """),
            .yaml("""
                recordTypes:
                  Blob:
                    fields:
                      chunks: { type: list<bytes>, indexes: [↓queryable] }
                """),
        ],
        nonTriggering: [
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE Blob (data BYTES, name STRING QUERYABLE SORTABLE);
                    RECORD TYPE CD_Trip (CD_entityName STRING QUERYABLE SEARCHABLE SORTABLE, CD_route BYTES QUERYABLE SORTABLE, CD_route_ckAsset ASSET);
                """),
        ])
    )

    package init() {}

    package func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        IndexProblem.bytes.findings(in: schema, context: context) { element, option in
            "\(element.described) is \(element.type); a \(option.keywords) index on bytes is accepted but no "
                + "query can use it"
        }
    }
}
