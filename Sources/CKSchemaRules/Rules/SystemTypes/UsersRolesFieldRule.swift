package import CKSchemaCore

/// The `Users` type, when a schema lists it, has its `roles LIST<INT64>` field.
///
/// Lint: `Users` without a `roles` field is a warning at the type; a `roles` field of another type is a
/// warning at that type.
package struct UsersRolesFieldRule: LintRule {
    /// The field CloudKit keeps custom-role membership in.
    static let field = Field(name: "roles", type: .list(.int64))

    package static let description = RuleDescription(
        id: "users_roles_field",
        kind: .lint,
        name: "Users Roles Field",
        category: .systemTypes,
        defaultSeverity: .warning,
        summary: "The Users record type keeps its roles LIST<INT64> field.",
        rationale: """
            Every export of the Users type lists "roles LIST<INT64>", where CloudKit stores which custom roles \
            each user holds (docs/cloudkit-facts.md §1.2, §2.5, §9 rule 20). A schema imported without it, or with \
            another type for it, disagrees with what every container has.
            """,
        cloudKitRules: [20],
        examples: .schemas(triggering: [
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE ↓Users ("___recordID" REFERENCE QUERYABLE, GRANT READ TO "_world");
                """),
            .yaml("""
                recordTypes:
                  Users:
                    fields: { roles: ↓list<string> }
                """),
        ],
        nonTriggering: [
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE Users (roles LIST<INT64>, GRANT READ TO "_world");
                    RECORD TYPE Team (name STRING);
                """),
            .yaml("""
                recordTypes:
                  Users:
                    fields: { roles: list<int64> }
                """),
        ])
    )

    package init() {}

    package func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        schema.recordTypes.filter { $0.name == CloudKitNames.usersRecordType }.compactMap { type -> Diagnostic? in
            guard let roles = type.field(named: Self.field.name) else {
                return context.diagnostic(
                    "record type 'Users' has no 'roles' field; every container's Users type has roles LIST<INT64>",
                    at: .recordType(type.name))
            }
            guard roles.type != Self.field.type else { return nil }
            return context.diagnostic(
                "field 'roles' of record type 'Users' is \(roles.type); CloudKit's Users type has roles LIST<INT64>",
                at: .fieldType(type.name, roles.name))
        }
    }
}
