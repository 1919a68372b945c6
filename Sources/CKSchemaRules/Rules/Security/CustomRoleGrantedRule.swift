package import CKSchemaCore

/// Every custom role is granted something.
///
/// Lint: a role declared with `CREATE ROLE` (YAML: `roles:`) that no record type grants any permission is a
/// warning at the declaration.
package struct CustomRoleGrantedRule: LintRule {
    package static let description = RuleDescription(
        id: "custom_role_granted",
        kind: .lint,
        name: "Custom Role Granted",
        category: .security,
        defaultSeverity: .warning,
        summary: "Each custom role is granted a permission on some record type.",
        rationale: """
            A custom role does something only through the GRANTs that name it; users added to a role no type \
            grants anything get nothing more than _icloud gives them (roles add up, docs/access.md). Such a role is \
            usually a leftover, or a grant that was meant for it went to another role. Production keeps a deployed \
            role, so remove it only if production lacks it.
            """,
        examples: .schemas(triggering: [
            .yaml("""
                roles: [Moderator, ↓Editor]
                recordTypes:
                  Post:
                    fields: { title: string }
                    grants: { _world: [read], Moderator: [write] }
                """),
            .ckdb("""
                DEFINE SCHEMA
                    CREATE ROLE ↓Moderator;
                    RECORD TYPE Post (title STRING, GRANT READ TO "_world");
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
        let granted = Set(schema.recordTypes.flatMap { $0.grants.filter { !$0.permissions.isEmpty }.map(\.role) })
        var seen = Set<String>()
        return schema.roles.compactMap { role -> Diagnostic? in
            guard !granted.contains(role.name), seen.insert(role.name).inserted else { return nil }
            return context.diagnostic(
                "role '\(role.name)' is granted nothing on any record type, so its users gain nothing from it; "
                    + "grant it permissions or remove it",
                at: .role(role.name))
        }
    }
}
