import CKSchemaApp
import CKSchemaCore
import Testing

/// The shapes of real apps the code-practice rules got wrong (issue #38), reduced to a few lines each: correct
/// code that must stay silent, next to the close variant that must still be reported.
@Suite struct AppPracticeRealAppTests {
    private static func rules(_ text: String) -> [String] {
        AppPracticeHarness.summary(AppPracticeHarness.diagnostics([("F.swift", "import CloudKit\n" + text)],
                                                                  styles: [.rawOperations]))
            .filter { !$0.hasSuffix("app_account_status_unchecked") }
    }

    // apple/sample-cloudkit-sharing ViewModel.swift:141, sample-cloudkit-zonesharing ViewModel.swift:149.
    @Test func tokenThatStartsAtNilOnEveryFetchIsNotReported() {
        #expect(Self.rules("""
            func contacts(_ database: CKDatabase, zone: CKRecordZone) async throws {
                @Sendable func contactsInZone(_ zone: CKRecordZone) async throws {
                    var awaitingChanges = true
                    var nextChangeToken: CKServerChangeToken? = nil
                    while awaitingChanges {
                        let zoneChanges = try await database.recordZoneChanges(inZoneWith: zone.zoneID, since: nextChangeToken)
                        awaitingChanges = zoneChanges.moreComing
                        nextChangeToken = zoneChanges.changeToken
                    }
                }
            }
            func all(_ database: CKDatabase) async throws { _ = try await database.databaseChanges(since: nil) }
            """).isEmpty)
    }

    // apple/sample-cloudkit-privatedb-sync ViewModel.swift:65: the token is a property, saved after each page.
    @Test func storedTokenWithoutExpiryHandlingIsReported() {
        #expect(Self.rules("""
            final class Model {
                var lastChangeToken: CKServerChangeToken?
                func fetchLatestChanges(_ database: CKDatabase, zone: CKRecordZone) async throws {
                    let changes = try await database.recordZoneChanges(inZoneWith: zone.zoneID, since: lastChangeToken)
                    saveChangeToken(changes.changeToken)
                }
            }
            """) == ["F.swift:5:33 app_change_token_expired_unhandled"])
    }

    /// A local token that is saved, returned or started from a saved one is kept: still reported.
    @Test(arguments: [
        "var token: CKServerChangeToken? = nil\n let c = try await db.databaseChanges(since: token)\n token = c.changeToken\n save(token)",
        "var token: CKServerChangeToken? = loadToken()\n _ = try await db.databaseChanges(since: token)",
        "let token: CKServerChangeToken? = nil\n _ = try await db.databaseChanges(since: token)\n self.saved = token",
    ])
    func keptLocalTokenIsReported(_ body: String) {
        #expect(Self.rules("func f(_ db: CKDatabase) async throws {\n\(body)\n}").map { $0.split(separator: " ")[1] }
            == ["app_change_token_expired_unhandled"])
    }

    // nikhilsh/PaperTrail CloudImageSyncManager.swift:176, HouseholdManager.swift:330.
    @Test func emptyCatchOfOneCloudKitErrorIsHandling() {
        #expect(Self.rules("""
            func delete(_ privateDB: CKDatabase, id: CKRecord.ID) async {
                do {
                    try await privateDB.deleteRecord(withID: id)
                } catch let error as CKError where error.code == .unknownItem {
                    // Already gone, that's fine
                } catch CKError.zoneNotFound {
                } catch {
                    log(error)
                }
            }
            """).isEmpty)
        #expect(Self.rules("""
            func delete(_ privateDB: CKDatabase, id: CKRecord.ID) async {
                do { try await privateDB.deleteRecord(withID: id) } catch let error as CKError {}
            }
            """) == ["F.swift:3:57 app_cloudkit_errors_swallowed"])
    }

    // Ranchero-Software/NetNewsWire CloudKitError.swift:66, CloudKitZoneResult.swift:48.
    @Test func partialErrorsReadThroughUserInfoCount() {
        #expect(Self.rules("""
            func resolve(_ ckError: CKError) {
                if ckError.code == .partialFailure,
                   let partialErrors = ckError.userInfo[CKPartialErrorsByItemIDKey] as? [AnyHashable: CKError] { handle(partialErrors) }
            }
            """).isEmpty)
    }

    // NetNewsWire AuthorsSchemaMigration.swift:50: a local database migration that sleeps between batches.
    @Test func loopThatFetchesNothingFromCloudKitIsNotPolling() {
        let migration = """
            func run() async {
                while true {
                    let batch = await fetchNextBatch(limit: 100)
                    try? await Task.sleep(for: .milliseconds(100))
                }
            }
            func fetchNextBatch(limit: Int) async -> Set<String> { queue.runInDatabase { $0.select(limit) } }
            """
        #expect(Self.rules(migration).isEmpty)
        #expect(Self.rules(migration.replacing("queue.runInDatabase { $0.select(limit) }",
                                               with: "try! await database.allRecordZones()"))
            .filter { $0.hasSuffix("push") } == ["F.swift:5:20 app_polling_instead_of_push"])
        #expect(Self.rules("""
            func run(_ database: CKDatabase, q: CKQuery) async throws {
                while !Task.isCancelled { database.add(CKQueryOperation(query: q)); try await Task.sleep(for: .seconds(30)) }
            }
            """).filter { $0.hasSuffix("push") } == ["F.swift:3:83 app_polling_instead_of_push"])
    }
}
