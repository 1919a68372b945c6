package import CKSchemaCore

/// A record type that may be used in the public database grants permissions to someone.
///
/// Lint (YAML only): a type with no `grants` is a warning, unless it says `database: private` or
/// `database: shared`, where grants do not apply. `.ckdb` cannot say which database a type is for, and exports
/// of private-database types legitimately carry no GRANT, so `.ckdb` files are not checked.
package struct PublicTypeHasGrantsRule: LintRule {
    package static let description = RuleDescription(
        id: "public_type_has_grants",
        kind: .lint,
        name: "Public Type Has Grants",
        category: .security,
        defaultSeverity: .warning,
        summary: "Record types not declared private or shared have grants.",
        rationale: """
            Apple: "Unless your schema explicitly grants permissions, a type has no security privileges \
            available in the PUBLIC database, making the type unusable" (docs/cloudkit-facts.md §2.1, §9 rule 13). \
            Grants only matter in the public database, so a YAML type with `database: private` or `shared` \
            needs none; a type that does not say where it lives is assumed to be usable in the public database. \
            .ckdb files are not checked: the language cannot say which database a type is for, and exports of \
            private-database types have no GRANT (9 of the 91 corpus files hold such types).
            """,
        cloudKitRules: [13],
        languages: [.yaml],
        examples: .schemas(triggering: [
            .yaml("""
                recordTypes:
                  Post:
                    ↓database: public
                    fields: { title: string }
                  ↓Comment:
                    fields: { body: string }
                """),
        ],
        nonTriggering: [
            .yaml("""
                recordTypes:
                  Post:
                    database: public
                    fields: { title: string }
                    grants: { _world: [read], _icloud: [create], _creator: [write] }
                  Diary:
                    database: private
                    fields: { body: string }
                """),
        ])
    )

    package init() {}

    package func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        schema.recordTypes.compactMap { type -> Diagnostic? in
            guard type.grants.isEmpty else { return nil }
            switch type.metadata.database {
            case .private?, .shared?:
                return nil
            case .public?:
                return context.diagnostic(
                    "record type '\(type.name)' is in the public database but grants no permissions, so no one can "
                        + "read or create its records; add 'grants', such as '{ _world: [read], _icloud: [create], "
                        + "_creator: [write] }'",
                    at: .recordTypeKey(type.name, "database"))
            case nil:
                return context.diagnostic(
                    "record type '\(type.name)' grants no permissions, so it is unusable in the public database; "
                        + "add 'grants', or say 'database: private' if it lives in the private database",
                    at: .recordType(type.name))
            }
        }
    }
}
