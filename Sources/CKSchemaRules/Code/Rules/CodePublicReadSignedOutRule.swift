import CKSchemaCore

/// An app that queries public types a user signed out of iCloud may not read checks the account status.
///
/// Code: `CKQuery(recordType:…)` in a function that works on the public database only, of a type that grants
/// READ to some role but not to `_world`, in an app none of whose scanned code asks for the account status
/// (`accountStatus`, `.CKAccountChanged`, `CKError.notAuthenticated`, `fetchUserRecordID`, the ubiquity identity):
/// a note at the query's record type.
struct CodePublicReadSignedOutRule: CodeRule {
    static let description = RuleDescription(
        id: "code_public_read_signed_out",
        kind: .code,
        name: "Code Public Read Signed Out",
        category: .security,
        defaultSeverity: .note,
        summary: "An app that queries public types only signed-in users may read checks the iCloud account status.",
        rationale: """
            The public database can be read without an iCloud account, but only what _world may read: a type that \
            grants READ to _icloud (or to custom roles) and not to _world is readable by signed-in users only \
            (docs/access.md). A query of it fails for a user who is not signed in to iCloud, and an app that never \
            asks for the account status (CKContainer's accountStatus, the CKAccountChanged notification, handling \
            CKError.notAuthenticated) shows that user whatever a failed load shows, typically an empty screen. Which \
            code runs before the status is known cannot be told from the source, so the whole app is asked: any \
            check anywhere in the scanned code silences the note. Check the status before loading (and tell the \
            user to sign in), or grant READ to _world if the records are meant for everyone. Only queries in \
            functions that name the public database and no other are judged.
            """,
        examples: .code(triggering: triggeringCode, nonTriggering: nonTriggeringCode)
    )

    static let triggeringCode = [
        CodeExample(schema: signedInSchema, code: """
            func loadProfiles() async throws -> [CKRecord] {
                let query = CKQuery(recordType: ↓"Profile", predicate: NSPredicate(value: true))
                let (results, _) = try await CKContainer.default().publicCloudDatabase.records(matching: query)
                return results.compactMap { try? $0.1.get() }
            }
            """),
    ]

    static let nonTriggeringCode = [
        CodeExample(schema: signedInSchema, code: """
            func loadProfiles() async throws -> [CKRecord] {
                guard try await CKContainer.default().accountStatus() == .available else { return [] }
                let query = CKQuery(recordType: "Profile", predicate: NSPredicate(value: true))
                let (results, _) = try await CKContainer.default().publicCloudDatabase.records(matching: query)
                return results.compactMap { try? $0.1.get() }
            }
            """),
        CodeExample(schema: signedInSchema, code: """
            func loadNews() async throws -> [CKRecord] {
                let query = CKQuery(recordType: "News", predicate: NSPredicate(value: true))
                let (results, _) = try await CKContainer.default().publicCloudDatabase.records(matching: query)
                return results.compactMap { try? $0.1.get() }
            }
            """),
    ]

    func check(_ usage: CodeUsage, context: CodeRuleContext) -> Diagnostic? {
        guard usage.kind == .queryWithoutAccountCheck, usage.database == .public,
              let type = context.recordType(of: usage),
              type.metadata.database != .private, type.metadata.database != .shared else { return nil }
        let readers = type.grants.filter { $0.permissions.contains(.read) }.map(\.role)
        // No reader at all fails for everyone, signed in or not: not what this rule is about.
        guard !readers.isEmpty, !readers.contains(Role.world) else { return nil }
        let roles = readers.map { "'\($0)'" }.joined(separator: ", ")
        return context.finding("""
            the code queries '\(type.name)' in the public database, which \(context.schemaName) lets only \(roles) \
            read, not '_world': the query fails for a user not signed in to iCloud, and the app never checks the \
            account status (accountStatus, CKAccountChanged, CKError.notAuthenticated); check it before loading, or \
            grant READ to _world if the records are for everyone
            """, about: usage, subject: .recordType(type.name))
    }
}

/// The schema of this rule's examples: profiles only signed-in users may read, news anyone may.
private let signedInSchema = """
    recordTypes:
      Profile:
        fields: { name: string }
        grants: { _icloud: [read, create], _creator: [write] }
      News:
        createdIn: console
        fields: { title: string }
        grants: { _world: [read] }
    """
