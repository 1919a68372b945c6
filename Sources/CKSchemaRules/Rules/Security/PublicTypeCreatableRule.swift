package import CKSchemaCore

/// Someone may create the records of a public record type, unless they are made outside the app.
///
/// Lint: a public type with grants, none of them CREATE to a role other than `_creator`, is a warning, unless
/// the YAML says `createdIn: console` or `createdIn: server`. CloudKit's own types (`Users`, `cloudkit.share`)
/// are not checked, nor types that do not say their database and grant nothing to `_world` or `_icloud` (the
/// grants that show a type is used in the public database, as for `encrypted_field_not_public`).
package struct PublicTypeCreatableRule: LintRule {
    package static let description = RuleDescription(
        id: "public_type_creatable",
        kind: .lint,
        name: "Public Type Creatable",
        category: .security,
        defaultSeverity: .warning,
        summary: "Some role may create the records of a public record type, or the YAML says they are made outside the app.",
        rationale: """
            Without CREATE granted to _icloud, _world or a custom role, no user of the app can ever add a record of \
            the type; saving one fails with a permission error (docs/access.md). _creator's CREATE gives nothing, as \
            a record has no creator before it exists. That is right for records made in the CloudKit Console or by a \
            server (a catalog, announcements): say so with `createdIn: console` (or `server`) in the YAML, or with \
            a `// ckschema:createdIn console` comment above the RECORD TYPE in .ckdb. A public type with no grant at \
            all is public_type_has_grants's finding, and Users and cloudkit.share are made by CloudKit. A type that does \
            not say its database is judged only when it grants something to _world or _icloud: hand-written \
            private-database types often grant only to _creator, where grants do not apply.
            """,
        examples: .schemas(triggering: [
            .yaml("""
                recordTypes:
                  ↓Post:
                    database: public
                    fields: { title: string }
                    grants: { _world: [read], _creator: [create, write] }
                """),
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE ↓Post (title STRING, GRANT READ TO "_world", GRANT WRITE TO "_creator");
                """),
        ],
        nonTriggering: [
            .yaml("""
                roles: [Editor]
                recordTypes:
                  Post:
                    fields: { title: string }
                    grants: { _world: [read], _icloud: [create], _creator: [write] }
                  Article:
                    fields: { title: string }
                    grants: { _world: [read], Editor: [create, write] }
                  Country:
                    createdIn: console
                    fields: { name: string }
                    grants: { _world: [read] }
                """),
            .ckdb("""
                DEFINE SCHEMA
                    // ckschema:createdIn console
                    RECORD TYPE Country (name STRING, GRANT READ TO "_world");
                    RECORD TYPE Users (roles LIST<INT64>, GRANT WRITE TO "_creator", GRANT READ TO "_world");
                    RECORD TYPE CD_Item (CD_title STRING, GRANT WRITE TO "_creator", GRANT READ TO "_creator");
                """),
        ])
    )

    package init() {}

    package func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        schema.recordTypes.compactMap { type -> Diagnostic? in
            guard type.isPublicDatabaseType, !type.grants.isEmpty, !PublicAccess.isCreatable(type),
                  type.metadata.createdIn ?? .app == .app, !CloudKitNames.isSystemRecordType(type.name)
            else { return nil }
            return context.diagnostic(
                "no role may create records of public record type '\(type.name)', so the app can never add one; grant "
                    + "CREATE to '_icloud' (or a custom role), or say 'createdIn: console' if they are made in the "
                    + "CloudKit Console",
                at: .recordType(type.name))
        }
    }
}
