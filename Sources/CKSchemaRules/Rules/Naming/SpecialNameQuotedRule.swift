package import CKSchemaCore

/// Names that start with an underscore or contain a dot are double-quoted.
///
/// Lint (`.ckdb` only): such a name written bare is an error.
package struct SpecialNameQuotedRule: LintRule {
    package static let description = RuleDescription(
        id: "special_name_quoted",
        kind: .lint,
        name: "Special Name Quoted",
        category: .naming,
        defaultSeverity: .error,
        summary: "System names (a leading underscore, a dot) are written in double quotes.",
        rationale: """
            Apple: "Use double quotes when referring to such system fields as well." Every export quotes \
            "___recordID", "_creator" and "cloudkit.share"; a bare ___recordID is not an identifier in the \
            grammar (docs/cloudkit-facts.md §2.2, §9 rule 4).
            """,
        cloudKitRules: [4],
        languages: [.ckdb],
        examples: .schemas(triggering: [
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE Note (↓___recordID REFERENCE QUERYABLE, GRANT READ TO ↓_world);
                """),
        ],
        nonTriggering: [
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE Note ("___recordID" REFERENCE QUERYABLE, GRANT READ TO "_world");
                """),
        ])
    )

    package init() {}

    package func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        context.sourceMap.facts(.unquotedSpecialName).map { fact in
            context.diagnostic("'\(fact.text)' must be double-quoted: write \"\(fact.text)\"",
                               at: fact.location, subject: fact.subject)
        }
    }
}
