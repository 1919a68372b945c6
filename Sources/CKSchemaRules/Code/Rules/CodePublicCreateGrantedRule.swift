import CKSchemaCore

/// The code creates public-database records only of types its users may create.
///
/// Code: `CKRecord(recordType:)` in a function that works on the public database only (it names
/// `publicCloudDatabase` or a `.public` scope, directly or through a property initialized with one) is an error
/// when no role but `_creator` is granted CREATE on the type, and a note when only custom roles are.
struct CodePublicCreateGrantedRule: CodeRule {
    static let description = RuleDescription(
        id: "code_public_create_granted",
        kind: .code,
        name: "Code Public Create Granted",
        category: .security,
        defaultSeverity: .error,
        summary: "Records the code creates in the public database are of types some role may create.",
        rationale: """
            In the public database a save of a new record succeeds only for a user holding a role granted CREATE on \
            its type; _creator's CREATE gives nothing, as the record has no creator yet (docs/access.md). Without \
            CREATE to _icloud (or _world) the save fails for every user with a permission error. When only a custom \
            role may create, the save works for the users the Console put in that role and fails for everyone else: \
            a note, since the code may well run only for them. Only functions that name the public database and no \
            other are judged.
            """,
        examples: .code(triggering: triggeringCode, nonTriggering: nonTriggeringCode)
    )

    static let triggeringCode = [
        CodeExample(schema: accessSchema, code: """
            func publish(_ title: String) async throws {
                let post = CKRecord(recordType: ↓"Announcement")
                post["title"] = title
                try await CKContainer.default().publicCloudDatabase.save(post)
            }
            """),
        CodeExample(schema: accessSchema, code: """
            final class Store {
                let database = CKContainer.default().publicCloudDatabase
                func publish() async throws {
                    try await database.save(CKRecord(recordType: ↓"Article"))
                }
            }
            """),
    ]

    static let nonTriggeringCode = [
        CodeExample(schema: accessSchema, code: """
            func post(_ title: String) async throws {
                let post = CKRecord(recordType: "Post")
                try await CKContainer.default().publicCloudDatabase.save(post)
            }
            func draft() async throws {
                try await CKContainer.default().privateCloudDatabase.save(CKRecord(recordType: "Announcement"))
            }
            """),
    ]

    func check(_ usage: CodeUsage, context: CodeRuleContext) -> Diagnostic? {
        guard usage.kind == .createRecord, usage.database == .public, let type = context.recordType(of: usage),
              type.metadata.database != .private, type.metadata.database != .shared,
              !CloudKitNames.isSystemRecordType(type.name) else { return nil }
        let creators = type.grants.filter { $0.role != Role.creator && $0.permissions.contains(.create) }.map(\.role)
        if creators.contains(Role.icloud) || creators.contains(Role.world) { return nil }
        if creators.isEmpty {
            return context.finding("""
                the code saves a new '\(type.name)' record in the public database, but \(context.schemaName) grants \
                CREATE on '\(type.name)' to no role but _creator, so the save fails for every user with a permission \
                error; grant CREATE to _icloud
                """, about: usage, subject: .recordType(type.name))
        }
        let roles = creators.map { "'\($0)'" }.joined(separator: ", ")
        return context.finding("""
            the code saves a new '\(type.name)' record in the public database, which only users in role \(roles) may \
            create; it must run only for them (the save fails for anyone else)
            """, about: usage, subject: .recordType(type.name), severity: .note)
    }
}

/// The schema of the access code rules' examples.
let accessSchema = """
    roles: [Editor]
    recordTypes:
      Post:
        fields: { title: string }
        grants: { _world: [read], _icloud: [create], _creator: [write] }
      Announcement:
        createdIn: console
        fields: { title: string }
        grants: { _world: [read] }
      Article:
        fields: { title: string }
        grants: { _world: [read], Editor: [create, write] }
    """
