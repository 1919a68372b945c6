package import CKSchemaCore

/// Record types used in the public database hold no ENCRYPTED fields.
///
/// Lint: a type that is public (`database: public` in YAML, `// ckschema:database public` above it in `.ckdb`, or,
/// when the database is not given, grants to `_world` or
/// `_icloud` other than the Console's default set) with ENCRYPTED fields is a warning at the type, with a note
/// at each encrypted field.
package struct EncryptedFieldNotPublicRule: LintRule {
    package static let description = RuleDescription(
        id: "encrypted_field_not_public",
        kind: .lint,
        name: "Encrypted Field Not Public",
        category: .encryption,
        defaultSeverity: .warning,
        summary: "Record types used in the public database have no ENCRYPTED fields.",
        rationale: """
            Apple: "CloudKit doesn't allow encryption ... on records that you store in the public database." \
            The schema is shared by all databases of a container, so the schema itself is valid, but saving \
            such a record to the public database fails (docs/cloudkit-facts.md §4.3, §9 rule 16). A type counts \
            as public when the schema says so: `database: public` in YAML, or in .ckdb, which has no syntax for \
            it, a comment `// ckschema:database public` on a line above the RECORD TYPE (`private` and `shared` \
            work too, and say the type is not public). When the schema does not say, only grants the Console \
            would not have written show it: the Console gives every record type WRITE to _creator, CREATE to \
            _icloud and READ to _world, private or not, so exactly that set says nothing and is never taken as \
            public (§2.4). A type that grants to _world or _icloud and whose grants differ from that set (READ \
            to _icloud, no CREATE for _icloud, a grant to a custom role) is taken as public.
            """,
        cloudKitRules: [16],
        examples: .schemas(triggering: [
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE ↓Post (title STRING, secret ENCRYPTED STRING, GRANT READ TO "_world");
                """),
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE ↓Review (stars INT64, note ENCRYPTED STRING, GRANT WRITE TO "_creator", GRANT CREATE, READ TO "_icloud", GRANT READ TO "_world");
                """),
            .ckdb("""
                DEFINE SCHEMA
                    // ckschema:database public
                    RECORD TYPE ↓Notice (body ENCRYPTED STRING, GRANT WRITE TO "_creator", GRANT CREATE TO "_icloud", GRANT READ TO "_world");
                """),
            .yaml("""
                recordTypes:
                  ↓Post:
                    database: public
                    fields: { title: string, secret: { type: bytes, encrypted: true } }
                    grants: { _creator: [read, write] }
                """),
        ],
        nonTriggering: [
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE Diary (body ENCRYPTED STRING, GRANT READ, WRITE TO "_creator");
                    RECORD TYPE Post (title STRING, GRANT READ TO "_world");
                    RECORD TYPE Entry (body ENCRYPTED STRING, GRANT WRITE TO "_creator", GRANT CREATE TO "_icloud", GRANT READ TO "_world");
                    -- ckschema:database private
                    RECORD TYPE Letter (body ENCRYPTED STRING, GRANT READ, WRITE TO "_creator", GRANT CREATE TO "_icloud");
                """),
            .yaml("""
                recordTypes:
                  Diary:
                    database: private
                    fields: { body: { type: string, encrypted: true } }
                    grants: { _world: [read], _icloud: [create], _creator: [write] }
                """),
        ])
    )

    package init() {}

    package func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        schema.recordTypes.compactMap { type -> Diagnostic? in
            let encrypted = type.fields.filter(\.type.isEncrypted)
            guard !encrypted.isEmpty, type.isPublicDatabaseType else { return nil }
            let because: String
            if type.metadata.database == .public {
                because = "is in the public database"
            } else if let grant = type.firstPublicGrantIndex.map({ type.grants[$0] }) {
                because = "grants \(grant.permissions.keywords) to '\(grant.role)', and its grants are not the Console's "
                    + "defaults, so it is used in the public database"
            } else {
                return nil
            }
            let notes = [Note("public here", at: context.location(of: type.publicEvidencePath))]
                + encrypted.map { field in
                    Note("'\(field.name)' is \(field.type)", at: context.location(of: .fieldType(type.name, field.name)))
                }
            return context.diagnostic(
                "record type '\(type.name)' \(because), which cannot store encrypted values, but holds ENCRYPTED "
                    + "field\(encrypted.count == 1 ? "" : "s") \(Describe.list(encrypted.map(\.name)))",
                at: .recordType(type.name), notes: notes)
        }
    }
}
