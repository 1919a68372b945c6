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
            where it is returned (`(results, _)`, `.matchResults`). A `resultsLimit` is a cap, and the query is \
            left alone, only when it is at most 200 (a literal, or an integer `let` the same file defines once): \
            Apple documents no page size for native queries (query operations have \"a dynamically defined \
            maximum number of results\" and return a cursor when more match; `maximumResults` \"doesn’t \
            correspond to the actual number of records\"); the smallest page it does document is CloudKit Web \
            Services' 200 records per response. A larger number (`99999`) or `CKQueryOperation.maximumResults` asks for \
            everything and still gets one page, so it is judged as no limit; a limit the file does not resolve (a \
            parameter, arithmetic) is not guessed at. An unset `resultsLimit` is no finding in itself (the default \
            is best); only the dropped cursor is.
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
            AppPracticeExampleText.app("""
                func favorites(_ database: CKDatabase, query: CKQuery) async throws -> [CKRecord] {
                    let page = try await ↓database.records(matching: query, resultsLimit: 99999)
                    return page.matchResults.compactMap { try? $0.1.get() }
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
