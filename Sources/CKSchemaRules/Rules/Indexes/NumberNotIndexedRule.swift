public import CKSchemaCore

/// NUMBER fields are not QUERYABLE or SORTABLE.
///
/// Lint: QUERYABLE or SORTABLE on a NUMBER (or LIST<NUMBER>) field is a warning at the option.
public struct NumberNotIndexedRule: LintRule {
    public static let description = RuleDescription(
        id: "number_not_indexed",
        name: "Number Not Indexed",
        category: .indexes,
        defaultSeverity: .warning,
        summary: "NUMBER fields are not QUERYABLE or SORTABLE.",
        rationale: """
            Whether CloudKit accepts an index on NUMBER is unknown: no schema in the corpus has one \
            (CLOUDKIT-RULES §4.2, §9 rule 11, [UNKNOWN]), so this is a warning. NUMBER itself exists only for \
            fields created just in time; declare the field INT64 or DOUBLE to index it.
            """,
        cloudKitRules: [11],
        triggeringExamples: [
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
        nonTriggeringExamples: [
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE Reading (value NUMBER, celsius DOUBLE QUERYABLE SORTABLE);
                """),
        ]
    )

    public init() {}

    public func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        IndexProblem.number.findings(in: schema, context: context) { element, option in
            "\(element.described) is \(element.type); a \(option.keywords) index on NUMBER has never been seen "
                + "accepted; use INT64 or DOUBLE"
        }
    }
}
