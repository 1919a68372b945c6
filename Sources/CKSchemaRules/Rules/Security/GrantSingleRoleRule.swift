package import CKSchemaCore

/// A GRANT names exactly one role.
///
/// Lint (`.ckdb` only): `GRANT CREATE TO "_creator", "_icloud"` is an error at the extra role; the
/// extra role gets no permission.
package struct GrantSingleRoleRule: LintRule {
    package static let description = RuleDescription(
        id: "grant_single_role",
        kind: .lint,
        name: "Grant Single Role",
        category: .security,
        defaultSeverity: .error,
        summary: "Each GRANT names one role; write one GRANT per role.",
        rationale: """
            The grammar is GRANT { READ | CREATE | WRITE } [, ...] TO %role-name%: one role. A second role \
            after a comma reads as a field without a type, and the role it names gets nothing \
            (docs/cloudkit-facts.md §2.1, §9 rule 7).
            """,
        cloudKitRules: [7],
        languages: [.ckdb],
        examples: .schemas(triggering: [
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE Post (title STRING, GRANT CREATE TO "_creator", ↓"_icloud");
                """),
        ],
        nonTriggering: [
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE Post (title STRING, GRANT CREATE TO "_creator", GRANT CREATE TO "_icloud");
                """),
        ])
    )

    package init() {}

    package func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        context.sourceMap.facts(.grantWithSeveralRoles).map { fact in
            context.diagnostic(
                "a GRANT names one role; '\(fact.text)' gets no permission here — write a separate GRANT … TO \"\(fact.text)\"",
                at: fact.location, subject: fact.subject)
        }
    }
}
