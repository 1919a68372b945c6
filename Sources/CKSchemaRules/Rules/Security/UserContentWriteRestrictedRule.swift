package import CKSchemaCore

/// Records any signed-in user may create cannot be changed by any signed-in user.
///
/// Lint: on a type that grants CREATE to `_icloud` or `_world` (user content: anyone signed in may add records),
/// a grant of WRITE to `_icloud` or `_world` is a warning at the grant.
package struct UserContentWriteRestrictedRule: LintRule {
    package static let description = RuleDescription(
        id: "user_content_write_restricted",
        kind: .lint,
        name: "User Content Write Restricted",
        category: .security,
        defaultSeverity: .warning,
        summary: "Record types any signed-in user may create grant WRITE to neither _icloud nor _world.",
        rationale: """
            WRITE lets a role change and delete any record of the type, not only its own (docs/access.md). On a \
            type any signed-in user may create (CREATE granted to _icloud or _world: user content, such as posts or \
            comments), WRITE to _icloud or _world lets every iCloud user edit or delete everyone's records; _world's \
            WRITE works for every signed-in user, since saving needs one. Give WRITE to _creator, so each user \
            changes only their own records, and to a custom role for moderation. A type whose records are made in \
            the Console (no _icloud CREATE) is not user content and is not checked; a type meant to be edited by \
            everyone (a shared wiki page) can silence the finding with a ckschema:disable comment.
            """,
        examples: .schemas(triggering: [
            .yaml("""
                recordTypes:
                  Post:
                    fields: { title: string }
                    grants: { _world: [read], ↓_icloud: [create, write] }
                """),
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE Comment (body STRING, GRANT CREATE TO "_icloud", ↓GRANT WRITE TO "_world", GRANT READ TO "_world");
                """),
        ],
        nonTriggering: [
            .yaml("""
                roles: [Moderator]
                recordTypes:
                  Post:
                    fields: { title: string }
                    grants: { _world: [read], _icloud: [create], _creator: [write], Moderator: [write] }
                  Counter:
                    fields: { value: int64 }
                    grants: { _world: [read], _icloud: [write] }
                """),
        ])
    )

    package init() {}

    package func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        context.findings(atGrantsOf: schema.recordTypes.filter(PublicAccess.isUserContent)) { type, grant in
            guard [Role.icloud, Role.world].contains(grant.role), grant.permissions.contains(.write) else { return nil }
            return "record type '\(type.name)' lets any signed-in user create records and grants WRITE to "
                + "'\(grant.role)', so any iCloud user may change or delete anyone's records; grant WRITE to "
                + "'_creator' (and a moderator role) instead"
        }
    }
}
