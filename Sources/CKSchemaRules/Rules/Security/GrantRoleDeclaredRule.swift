package import CKSchemaCore

/// Every GRANT names a built-in role or a role the same schema declares.
///
/// Lint: a grant to a role that is neither `_world`, `_icloud`, `_creator` nor declared with
/// `CREATE ROLE` (YAML: `roles:`) is an error.
package struct GrantRoleDeclaredRule: LintRule {
    package static let description = RuleDescription(
        id: "grant_role_declared",
        kind: .lint,
        name: "Grant Role Declared",
        category: .security,
        defaultSeverity: .error,
        summary: "Grants name _world, _icloud, _creator or a role declared in the same schema.",
        rationale: """
            Custom roles must be declared with CREATE ROLE in the same file; CloudKit's validation fails \
            with "Record type permission uses undefined role" otherwise (docs/cloudkit-facts.md §2.4, §9 rule 7).
            """,
        cloudKitRules: [7],
        examples: .schemas(triggering: [
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE Post (title STRING, ↓GRANT READ, WRITE TO Moderator);
                """),
            .yaml("""
                recordTypes:
                  Post:
                    fields: { title: string }
                    grants: { _world: [read], ↓Moderator: [write] }
                """),
        ],
        nonTriggering: [
            .yaml("""
                roles: [Moderator]
                recordTypes:
                  Post:
                    fields: { title: string }
                    grants: { _world: [read], Moderator: [write] }
                """),
        ])
    )

    package init() {}

    package func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        let declared = schema.roles.map(\.name)
        return context.findings(atGrantsOf: schema.recordTypes) { type, grant in
            guard !schema.declaresRole(grant.role) else { return nil }
            let candidates = (Role.builtInNames + declared).filter { $0.lowercased() == grant.role.lowercased() }
            let hint = candidates.first.map { "; did you mean '\($0)'?" } ?? "; declare it with CREATE ROLE (YAML: roles:)"
            return "record type '\(type.name)' grants to role '\(grant.role)', which is not declared\(hint)"
        }
    }
}
