package import CKSchemaCore

/// Schema-language keywords are written in upper case.
///
/// Lint (`.ckdb` only): `define schema`, `record type`, `string` … are warnings.
package struct KeywordUppercaseRule: LintRule {
    package static let description = RuleDescription(
        id: "keyword_uppercase",
        kind: .lint,
        name: "Keyword Uppercase",
        category: .naming,
        defaultSeverity: .warning,
        summary: "Keywords (DEFINE SCHEMA, RECORD TYPE, STRING, QUERYABLE, GRANT, …) are upper case.",
        rationale: """
            Whether CloudKit accepts lower-case keywords is unknown: all real exports and Apple's examples use \
            upper case (docs/cloudkit-facts.md §2.2, §9 rule 19, unknown), so this is a warning.
            """,
        cloudKitRules: [19],
        languages: [.ckdb],
        examples: .schemas(triggering: [
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE Note (title ↓string);
                """),
        ],
        nonTriggering: [
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE Note (title STRING, type STRING);
                """),
        ])
    )

    package init() {}

    package func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        context.sourceMap.facts(.nonUppercaseKeyword).map { fact in
            context.diagnostic("keyword '\(fact.text)' should be written \(fact.text.uppercased())",
                               at: fact.location, subject: fact.subject)
        }
    }
}
