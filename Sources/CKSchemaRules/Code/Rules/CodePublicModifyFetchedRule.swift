import CKSchemaCore

/// The code changes public records fetched by a query only when someone but their creator may.
///
/// Code: in a function that works on the public database only, queries a type, creates none of its records and
/// saves, modifies or deletes records, a warning at that call when WRITE on the type is granted to `_creator`
/// alone (or to no role).
struct CodePublicModifyFetchedRule: CodeRule {
    static let description = RuleDescription(
        id: "code_public_modify_fetched",
        kind: .code,
        name: "Code Public Modify Fetched",
        category: .security,
        defaultSeverity: .warning,
        summary: "Public records a query fetched are changed or deleted only if a role besides _creator may write them.",
        rationale: """
            In the public database WRITE is what lets a user change or delete a record, and _creator's WRITE covers \
            only the records the user created (docs/access.md). A query returns everyone's records; saving one \
            back or deleting it fails with 'WRITE operation not permitted' unless the user created it. When the \
            type grants WRITE to _creator alone, code that changes fetched records works in testing (the developer \
            created them) and fails for users. Filter the query to the user's records (creatorUserRecordID), or \
            grant WRITE to a role (a moderator role) that those users hold. Judged per function: one that queries \
            the type and also creates records of it is not reported.
            """,
        examples: .code(triggering: triggeringCode, nonTriggering: nonTriggeringCode)
    )

    static let triggeringCode = [
        CodeExample(schema: accessSchema, code: """
            func like(_ title: String) async throws {
                let database = CKContainer.default().publicCloudDatabase
                let query = CKQuery(recordType: "Post", predicate: NSPredicate(value: true))
                let (results, _) = try await database.records(matching: query)
                for case (_, .success(let post)) in results {
                    post["title"] = title
                    try await ↓database.save(post)
                }
            }
            """),
    ]

    static let nonTriggeringCode = [
        CodeExample(schema: accessSchema, code: """
            func edit() async throws {
                let database = CKContainer.default().publicCloudDatabase
                let query = CKQuery(recordType: "Article", predicate: NSPredicate(value: true))
                let (results, _) = try await database.records(matching: query)
                for case (_, .success(let article)) in results { try await database.save(article) }
            }
            func repost() async throws {
                let database = CKContainer.default().publicCloudDatabase
                let query = CKQuery(recordType: "Post", predicate: NSPredicate(value: true))
                _ = try await database.records(matching: query)
                try await database.save(CKRecord(recordType: "Post"))
            }
            """),
    ]

    func check(_ usage: CodeUsage, context: CodeRuleContext) -> Diagnostic? {
        guard usage.kind == .modifyFetched, usage.database == .public, let type = context.recordType(of: usage)
        else { return nil }
        let writers = Set(type.grants.filter { $0.permissions.contains(.write) }.map(\.role))
        guard writers.isSubset(of: [Role.creator]) else { return nil }
        let who = writers.isEmpty ? "grants WRITE to no role" : "grants WRITE to _creator alone"
        return context.finding("""
            the code changes or deletes '\(type.name)' records in a function that fetches them with a query, but \
            \(context.schemaName) \(who): records other users created fail with 'WRITE operation not permitted'; \
            filter the query to the user's own records, or grant WRITE to a role those users hold
            """, about: usage, subject: .recordType(type.name))
    }
}
