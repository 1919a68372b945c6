package import CKSchemaCore

/// The schema language's reserved words are double-quoted when used as names.
///
/// Lint (`.ckdb` only): an unquoted `grant`, `preferred`, `queryable`, `sortable` or `searchable` (any case)
/// used as a name is an error. YAML needs no quoting: the printer quotes such names in `.ckdb` output.
package struct ReservedWordQuotedRule: LintRule {
    package static let description = RuleDescription(
        id: "reserved_word_quoted",
        kind: .lint,
        name: "Reserved Word Quoted",
        category: .naming,
        defaultSeverity: .error,
        summary: "A name equal to a reserved word (grant, preferred, queryable, sortable, searchable) is quoted.",
        rationale: """
            "Use double quotes around identifiers to include keywords and reserved words ... The reserved \
            words in the CloudKit Schema Language are: grant, preferred, queryable, sortable, and \
            searchable." Apple's own example writes a type called grant as "grant" (docs/cloudkit-facts.md §2.2, \
            §9 rule 3). Other keywords (type, list, timestamp) are contextual and need no quotes.
            """,
        cloudKitRules: [3],
        languages: [.ckdb],
        examples: .schemas(triggering: [
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE Item (↓sortable INT64, title STRING);
                """),
        ],
        nonTriggering: [
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE Item ("sortable" INT64, type STRING, timestamp TIMESTAMP);
                """),
        ])
    )

    package init() {}

    package func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        context.sourceMap.facts(.unquotedReservedWord).map { fact in
            context.diagnostic("'\(fact.text)' is a reserved word; write it as \"\(fact.text)\" to use it as a name",
                               at: fact.location, subject: fact.subject)
        }
    }
}
