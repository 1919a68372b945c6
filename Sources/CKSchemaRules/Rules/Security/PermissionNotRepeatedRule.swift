package import CKSchemaCore

/// A GRANT lists each permission once.
///
/// Lint (`.ckdb` only): `GRANT READ, READ TO "_world"` is an error at the repeat.
package struct PermissionNotRepeatedRule: LintRule {
    package static let description = RuleDescription(
        id: "permission_not_repeated",
        kind: .lint,
        name: "Permission Not Repeated",
        category: .security,
        defaultSeverity: .error,
        summary: "A GRANT lists READ, CREATE and WRITE at most once each.",
        rationale: """
            Permissions are READ, CREATE and WRITE without repeats (docs/cloudkit-facts.md §9 rule 7). A repeat is \
            usually a typo for another permission.
            """,
        cloudKitRules: [7],
        languages: [.ckdb],
        examples: .schemas(triggering: [
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE Post (title STRING, GRANT READ, ↓READ TO "_world");
                """),
        ],
        nonTriggering: [
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE Post (title STRING, GRANT WRITE, CREATE, READ TO "_creator");
                """),
        ])
    )

    package init() {}

    package func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        context.sourceMap.facts(.repeatedPermission).map { fact in
            context.diagnostic("permission \(fact.text) is listed twice in one GRANT", at: fact.location,
                               subject: fact.subject)
        }
    }
}
