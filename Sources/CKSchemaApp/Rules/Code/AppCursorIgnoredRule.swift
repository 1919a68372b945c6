package import CKSchemaCore

/// A query whose cursor is dropped: only its first page arrives.
package struct AppCursorIgnoredRule: AppRule {
    package static let description = RuleDescription(
        id: "app_cursor_ignored", kind: .app, category: .app, defaultSeverity: .error,
        summary: "A CloudKit query should follow its cursor until the last page.",
        rationale: """
            CloudKit returns query results in pages (a few hundred records at most per batch, fewer when records \
            are large) and hands back a cursor whenever more remain. Code that never runs \
            `CKQueryOperation(cursor:)` or `records(continuingMatchFrom:)` sees the first page only, and nothing \
            fails: the list just ends early once the data grows. Reported: a `CKQueryOperation(query:)` in an app \
            that never builds one from a cursor, and an async `records(matching:)` whose `queryCursor` is dropped \
            where it is returned (`(results, _)`, `.matchResults`). A query that sets `resultsLimit` asked for at \
            most that many and is left alone; an unset `resultsLimit` is no finding (the default is best).
            """,
        examples: .app(triggering: [
            AppPracticeExampleText.app("""
                func all(_ database: CKDatabase) async throws -> [CKRecord] {
                    let (results, _) = try await ↓database.records(matching: CKQuery(recordType: "Entry", predicate: NSPredicate(value: true)))
                    return results.compactMap { try? $0.1.get() }
                }
                """),
            AppPracticeExampleText.app("""
                func all(_ database: CKDatabase, query: CKQuery) {
                    let operation = ↓CKQueryOperation(query: query)
                    operation.recordMatchedBlock = { _, result in print(result) }
                    database.add(operation)
                }
                """),
        ], nonTriggering: [
            AppPracticeExampleText.app("""
                func all(_ database: CKDatabase, query: CKQuery) async throws -> [CKRecord] {
                    var (results, cursor) = try await database.records(matching: query)
                    var records = results.compactMap { try? $0.1.get() }
                    while let next = cursor {
                        (results, cursor) = try await database.records(continuingMatchFrom: next)
                        records += results.compactMap { try? $0.1.get() }
                    }
                    return records
                }
                """),
            AppPracticeExampleText.app("""
                func newest(_ database: CKDatabase, query: CKQuery) async throws -> CKRecord? {
                    let (results, _) = try await database.records(matching: query, resultsLimit: 1)
                    return try results.first?.1.get()
                }
                """),
        ]))

    package init() {}

    package func check(_ context: AppRuleContext) -> [Diagnostic] {
        context.practices()
    }
}
