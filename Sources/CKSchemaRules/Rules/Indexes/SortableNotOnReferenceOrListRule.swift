package import CKSchemaCore

/// SORTABLE is not on REFERENCE fields or on lists.
///
/// Lint: SORTABLE on a REFERENCE (including `___recordID`, `___createdBy`, `___modifiedBy`) or on any list is
/// a warning at the option.
package struct SortableNotOnReferenceOrListRule: LintRule {
    package static let description = RuleDescription(
        id: "sortable_not_on_reference_or_list",
        kind: .lint,
        name: "Sortable Not On Reference Or List",
        category: .indexes,
        defaultSeverity: .warning,
        summary: "SORTABLE is not used on REFERENCE fields or on lists.",
        rationale: """
            Whether CloudKit accepts SORTABLE on references and lists is unknown: across 101 real schemas no \
            reference or list is ever SORTABLE, and development's automatic indexing makes references and \
            LIST<STRING> QUERYABLE only (docs/cloudkit-facts.md §4.2, §9 rule 11, unknown). Hence a warning. \
            Sorting by a reference or a list has no clear order anyway. \
            The CD_ fields of types Core Data mirrors are left alone (Core Data made them), and an index \
            production already has only gets a note saying production keeps it (§1.3, §7).
            """,
        cloudKitRules: [11],
        examples: .schemas(triggering: [
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE Task (owner REFERENCE QUERYABLE ↓SORTABLE, tags LIST<STRING> ↓SORTABLE);
                """),
            .yaml("""
                recordTypes:
                  Task:
                    fields:
                      dates: { type: list<timestamp>, indexes: [queryable, ↓sortable] }
                    systemFields: { ↓recordID: [queryable, sortable] }
                """),
        ],
        nonTriggering: [
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE Task (owner REFERENCE QUERYABLE, tags LIST<STRING> QUERYABLE, due TIMESTAMP SORTABLE, "___createTime" TIMESTAMP SORTABLE);
                """),
        ])
    )

    package init() {}

    package func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        IndexProblem.sortableReferenceOrList.findings(in: schema, context: context) { element, _ in
            let kind = element.type.isList ? "a list" : "a reference"
            return "\(element.described) is \(element.type); SORTABLE on \(kind) has never been seen accepted "
                + "and gives no useful order"
        }
    }
}
