package import CKSchemaCore

/// NUMBER fields are not QUERYABLE or SORTABLE.
///
/// Lint: QUERYABLE or SORTABLE on a NUMBER (or LIST<NUMBER>) field is a warning at the option.
package struct NumberNotIndexedRule: LintRule {
    package static let description = RuleDescription(
        id: "number_not_indexed",
        kind: .lint,
        name: "Number Not Indexed",
        category: .indexes,
        defaultSeverity: .warning,
        summary: "NUMBER fields are not QUERYABLE or SORTABLE.",
        rationale: """
            Whether CloudKit accepts an index on NUMBER is unknown: no schema in the corpus has one \
            (docs/cloudkit-facts.md §4.2, §9 rule 11, unknown), so this is a warning. NUMBER itself exists only for \
            fields created just in time; declare the field INT64 or DOUBLE to index it. \
            The CD_ fields of types Core Data mirrors are left alone (Core Data made them), and an index \
            production already has only gets a note saying production keeps it (§1.3, §7).
            """,
        cloudKitRules: [11],
        examples: .schemas(triggering: [
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE Reading (value NUMBER PREFERRED AS DOUBLE ↓QUERYABLE);
                """),
            .yaml("""
                recordTypes:
                  Reading:
                    fields:
                      value: { type: number, indexes: [↓sortable] }
                """),
        ],
        nonTriggering: [
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE Reading (value NUMBER, celsius DOUBLE QUERYABLE SORTABLE);
                """),
        ])
    )

    package init() {}

    package func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        IndexProblem.number.findings(in: schema, context: context) { element, option in
            "\(element.described) is \(element.type); a \(option.keywords) index on NUMBER has never been seen "
                + "accepted; use INT64 or DOUBLE"
        }
    }
}
