package import CKSchemaCore

/// CREATE is granted to `_icloud`, not to `_world`.
///
/// Lint: a grant of CREATE to `_world` is a warning at the grant.
package struct CreateNotGrantedToWorldRule: LintRule {
    package static let description = RuleDescription(
        id: "create_not_granted_to_world",
        kind: .lint,
        name: "Create Not Granted To World",
        category: .security,
        defaultSeverity: .warning,
        summary: "CREATE is granted to _icloud rather than _world.",
        rationale: """
            _world is every user, signed in to iCloud or not; but CloudKit saves records only for a signed-in user \
            (a save without an iCloud account fails with notAuthenticated; the public database is readable \
            without one, writable with one — docs/access.md). CREATE to _world therefore means what CREATE to _icloud \
            means, while reading as if users without an account could add records. Grant CREATE to _icloud, and check \
            the account status before offering to create.
            """,
        examples: .schemas(triggering: [
            .yaml("""
                recordTypes:
                  Post:
                    fields: { title: string }
                    grants: { ↓_world: [read, create], _creator: [write] }
                """),
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE Post (title STRING, ↓GRANT CREATE TO "_world", GRANT READ TO "_world");
                """),
        ],
        nonTriggering: [
            .yaml("""
                recordTypes:
                  Post:
                    fields: { title: string }
                    grants: { _world: [read], _icloud: [create], _creator: [write] }
                """),
        ])
    )

    package init() {}

    package func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        context.findings(atGrantsOf: schema.recordTypes) { type, grant in
            guard grant.role == Role.world, grant.permissions.contains(.create) else { return nil }
            return "record type '\(type.name)' grants CREATE to '_world', but CloudKit saves only for users signed in "
                + "to iCloud; grant CREATE to '_icloud', which says what happens"
        }
    }
}
