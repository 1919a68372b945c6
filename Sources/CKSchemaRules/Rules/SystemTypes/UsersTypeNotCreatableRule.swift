package import CKSchemaCore

/// The `Users` type grants CREATE to no one.
///
/// Lint: a GRANT with CREATE on `Users` is a warning at the grant.
package struct UsersTypeNotCreatableRule: LintRule {
    package static let description = RuleDescription(
        id: "users_type_not_creatable",
        kind: .lint,
        name: "Users Type Not Creatable",
        category: .systemTypes,
        defaultSeverity: .warning,
        summary: "The Users record type grants CREATE to no role.",
        rationale: """
            CloudKit creates user records itself, one per iCloud user; Apple's own export of Users grants only \
            WRITE to _creator and READ to _world, with no CREATE (docs/cloudkit-facts.md §2.5, §9 rule 20). A CREATE \
            grant is at best meaningless; whether CloudKit accepts it is unknown, hence a warning.
            """,
        cloudKitRules: [20],
        examples: .schemas(triggering: [
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE Users (roles LIST<INT64>, GRANT WRITE TO "_creator", ↓GRANT CREATE TO "_icloud", GRANT READ TO "_world");
                """),
            .yaml("""
                recordTypes:
                  Users:
                    fields: { roles: list<int64> }
                    grants: { _creator: [write], ↓_icloud: [create], _world: [read] }
                """),
        ],
        nonTriggering: [
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE Users (roles LIST<INT64>, GRANT WRITE TO "_creator", GRANT READ TO "_world");
                    RECORD TYPE Post (title STRING, GRANT CREATE TO "_icloud");
                """),
        ])
    )

    package init() {}

    package func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        context.findings(atGrantsOf: schema.recordTypes.filter { $0.name == CloudKitNames.usersRecordType }) { _, grant in
            grant.permissions.contains(.create)
                ? "record type 'Users' grants CREATE to '\(grant.role)', but CloudKit creates user records itself" : nil
        }
    }
}
