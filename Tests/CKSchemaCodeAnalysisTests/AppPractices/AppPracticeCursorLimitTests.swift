import CKSchemaApp
import CKSchemaCore
import Testing

/// `app_cursor_ignored` and `resultsLimit` (issue #38): only a small limit is a cap; a huge one or
/// `maximumResults` still gets one page from the server, and a limit the file cannot resolve is not guessed at.
@Suite struct AppPracticeCursorLimitTests {
    private static func rules(_ text: String) -> [String] {
        AppPracticeHarness.summary(AppPracticeHarness.diagnostics([("F.swift", "import CloudKit\n" + text)],
                                                                  styles: [.rawOperations]))
            .filter { !$0.hasSuffix("app_account_status_unchecked") }
    }

    private static func query(limit: String, before: String = "") -> String {
        """
        \(before)
        func all(_ database: CKDatabase, query: CKQuery) async throws -> [CKRecord] {
            let recordArray = try await database.records(matching: query, resultsLimit: \(limit))
            return recordArray.matchResults.compactMap { try? $0.1.get() }
        }
        """
    }

    // AngelLive FavoriteService.swift:75, StreamBookmarkService.swift:168: every favourite, cursor dropped.
    @Test(arguments: ["99999", "1_000", "CKQueryOperation.maximumResults", ".maximumResults", "201"])
    func hugeLimitIsNoCap(_ limit: String) {
        #expect(Self.rules(Self.query(limit: limit)) == ["F.swift:4:33 app_cursor_ignored"])
    }

    @Test(arguments: ["1", "50", "200"])
    func smallLimitIsACap(_ limit: String) {
        #expect(Self.rules(Self.query(limit: limit)).isEmpty)
    }

    @Test func limitThroughAConstantIsResolvedInTheFile() {
        #expect(Self.rules(Self.query(limit: "Self.fetchLimit", before: "enum Limits { static let fetchLimit = 99999 }"))
            == ["F.swift:4:33 app_cursor_ignored"])
        #expect(Self.rules(Self.query(limit: "pageSize", before: "let pageSize = 50")).isEmpty)
    }

    /// A parameter, a `var`, a name declared twice or elsewhere, arithmetic: not known, so not reported.
    @Test(arguments: ["limit", "pageSize", "twice", "Config.limit", "pageSize * 2"])
    func unresolvedLimitIsLeftAlone(_ limit: String) {
        let constants = "var pageSize = 99999\nstruct A { let twice = 99999 }\nstruct B { let twice = 99999 }"
        #expect(Self.rules(Self.query(limit: limit, before: constants)).isEmpty)
    }

    // AngelLive FavoriteSyncEngine.swift:212: maximumResults with the cursor followed is fine.
    @Test func maximumResultsWithTheCursorFollowedIsFine() {
        #expect(Self.rules("""
            func all(_ db: CKDatabase, query: CKQuery, zoneID: CKRecordZone.ID) async throws {
                var cursor: CKQueryOperation.Cursor?
                repeat {
                    let page: (matchResults: [(CKRecord.ID, Result<CKRecord, Error>)], queryCursor: CKQueryOperation.Cursor?)
                    if let c = cursor {
                        page = try await db.records(continuingMatchFrom: c)
                    } else {
                        page = try await db.records(matching: query, inZoneWith: zoneID, desiredKeys: nil,
                                                    resultsLimit: CKQueryOperation.maximumResults)
                    }
                    cursor = page.queryCursor
                } while cursor != nil
            }
            """).isEmpty)
    }

    @Test func operationLimitIsReadFromItsAssignment() {
        let operation = { (limit: String) in
            "func a(_ db: CKDatabase, q: CKQuery) { let op = CKQueryOperation(query: q); op.resultsLimit = \(limit); db.add(op) }"
        }
        #expect(Self.rules(operation("5000")) == ["F.swift:2:49 app_cursor_ignored"])
        #expect(Self.rules(operation("CKQueryOperation.maximumResults")) == ["F.swift:2:49 app_cursor_ignored"])
        #expect(Self.rules(operation("25")).isEmpty)
        #expect(Self.rules(operation("limit")).isEmpty)
    }
}
