import CKSchemaApp
import CKSchemaCore
import Testing

/// `app_partial_failure_unread`, the async batch calls (issue #38): `modifyRecordZones`, `modifySubscriptions` and a
/// non-atomic `modifyRecords` report a refused item only in the results they return, so discarding them loses it.
@Suite struct AppPracticeBatchResultsTests {
    private static func rules(_ text: String) -> [String] {
        AppPracticeHarness.summary(AppPracticeHarness.diagnostics([("F.swift", "import CloudKit\n" + text)],
                                                                  styles: [.rawOperations]))
            .filter { $0.hasSuffix("app_partial_failure_unread") }
    }

    // apple/sample-cloudkit-privatedb-sync ViewModel.swift:185 (and sample-cloudkit-sharing ViewModel.swift:189).
    @Test func discardedZoneSaveIsReported() {
        #expect(Self.rules("""
            func createZoneIfNeeded(_ database: CKDatabase, zone: CKRecordZone) async throws {
                guard !UserDefaults.standard.bool(forKey: "isZoneCreated") else { return }
                do {
                    _ = try await database.modifyRecordZones(saving: [zone], deleting: [])
                } catch {
                    throw error
                }
                UserDefaults.standard.setValue(true, forKey: "isZoneCreated")
            }
            """) == ["F.swift:5:23 app_partial_failure_unread"])
    }

    // apple/sample-cloudkit-privatedb-sync ViewModel.swift:214.
    @Test func discardedSubscriptionSaveIsReported() {
        #expect(Self.rules("""
            func subscribe(_ database: CKDatabase, subscription: CKSubscription) async throws {
                _ = try await database.modifySubscriptions(saving: [subscription], deleting: [])
                UserDefaults.standard.setValue(true, forKey: "isSubscribed")
            }
            """) == ["F.swift:3:19 app_partial_failure_unread"])
    }

    // nikhilsh/PaperTrail HouseholdManager.swift:142: a new root record and its share, in the default zone.
    @Test func defaultZoneRecordsSavedWithResultsDiscardedAreReported() {
        #expect(Self.rules("""
            func makeShare(_ privateDB: CKDatabase) async throws -> CKShare {
                let rootID = CKRecord.ID(recordName: "household")
                let root = CKRecord(recordType: "Household", recordID: rootID)
                let share = CKShare(rootRecord: root)
                _ = try await privateDB.modifyRecords(saving: [root, share], deleting: [])
                return share
            }
            """) == ["F.swift:6:19 app_partial_failure_unread"])
    }

    /// Bound to a name never read, a bare statement, `atomically: false`: the same.
    @Test(arguments: [
        "let result = try await db.modifyRecordZones(saving: [zone], deleting: [])",
        "try await db.modifySubscriptions(saving: [subscription], deleting: [])",
        "_ = try await db.modifyRecords(saving: [record], deleting: [], atomically: false)",
        "_ = try await db.modifyRecords(saving: [CKRecord(recordType: \"Note\")], deleting: [])",
    ])
    func otherDiscardsAreReported(_ statement: String) {
        #expect(Self.rules("func f(_ db: CKDatabase) async throws {\n\(statement)\n}").count == 1)
    }

    // Apple's sharing samples ViewModel.swift:105 (an atomic save into the contact's custom zone); PaperTrail
    // HouseholdManager.swift:220, doneanddone CloudKitManager+Sharing.swift:44, lorvex (results read per item).
    @Test(arguments: [
        "_ = try await db.modifyRecords(saving: [contact.associatedRecord, share], deleting: [])",
        "let zoneID = CKRecordZone.ID(zoneName: \"Z\")\n let r = CKRecord(recordType: \"Note\", recordID: CKRecord.ID(recordName: \"n\", zoneID: zoneID))\n _ = try await db.modifyRecords(saving: [r], deleting: [])",
        "let modifyResult = try await db.modifyRecords(saving: [share], deleting: [])\n guard let saved = modifyResult.saveResults[share.recordID] else { throw E.missing }\n _ = try saved.get()",
        "let (saveResults, _) = try await db.modifyRecordZones(saving: [zone], deleting: [])\n try saveResults.values.forEach { _ = try $0.get() }",
        "let result = try await db.modifySubscriptions(saving: [s], deleting: [])\n for (_, r) in result.saveResults { _ = try r.get() }",
        "_ = try await db.modifyRecords(saving: [record], deleting: [], atomically: true)",
        "db.modifyRecordZones(saving: [zone], deleting: []) { result in handle(result) }",
        "_ = try await cache.modifyRecordZones(saving: [zone], deleting: [])",
    ])
    func readResultsAndAtomicSavesAreFine(_ body: String) {
        #expect(Self.rules("func f(_ db: CKDatabase) async throws {\n\(body)\n}").isEmpty)
    }

    // lorvex CloudSyncPushSeam.swift:398, CloudSyncSubscriptionManager.swift:133: a wrapper returns the results.
    @Test func wrapperThatReturnsTheResultsIsFine() {
        #expect(Self.rules("""
            struct LiveDatabase {
                var database: CKDatabase
                func modifyRecordZones(saving zones: [CKRecordZone], deleting ids: [CKRecordZone.ID]) async throws -> (
                    saveResults: [CKRecordZone.ID: Result<CKRecordZone, any Error>],
                    deleteResults: [CKRecordZone.ID: Result<Void, any Error>]
                ) {
                    try await database.modifyRecordZones(saving: zones, deleting: ids)
                }
                var zones: Int { get async throws { try await database.modifySubscriptions(saving: [], deleting: []).saveResults.count } }
                func all() async throws { let op = { try await self.database.modifySubscriptions(saving: [], deleting: []) }; _ = op }
            }
            """).isEmpty)
    }
}
