import CKSchemaApp
import CKSchemaCore
import Testing

/// `app_zone_deletion_unhandled` (issue #38): naming `.zoneNotFound` only to turn it into a message or an error
/// value of the app's own is not handling it.
@Suite struct AppPracticeZoneHandlingTests {
    private static func rules(_ files: (String, String)...) -> [String] {
        AppPracticeHarness.summary(AppPracticeHarness.diagnostics(files.map { ($0.0, "import CloudKit\n" + $0.1) },
                                                                  styles: [.syncEngine, .rawOperations]))
            .filter { $0.hasSuffix("app_zone_deletion_unhandled") }
    }

    static let engine = ("Engine.swift", """
        final class FavoriteSyncEngine {
            let zoneID: CKRecordZone.ID
            init() { zoneID = CKRecordZone.ID(zoneName: "Favorites", ownerName: CKCurrentUserDefaultName) }
        }
        """)

    // AngelLive Sync/SyncError.swift:152: every CKError code mapped to a title and advice for an alert.
    @Test(arguments: [
        "case .unknownItem, .zoneNotFound, .userDeletedZone:\n return SyncError(code: 1, title: \"记录不存在\", advice: \"请刷新\")",
        "case .zoneNotFound: return NSLocalizedString(\"Zone Not Found\", comment: \"\")",
        "case .userDeletedZone: return \"The user deleted this zone\"",
        "case .zoneNotFound: return AppError.notFound",
        "case .zoneNotFound: String(localized: \"Missing zone\")",
    ])
    func codeOnlyDescribedIsNotHandling(_ mapping: String) {
        let messages = ("SyncError.swift", "func describe(_ error: CKError) -> SyncError {\n switch error.code {\n\(mapping)\n default: return SyncError(code: 0) } }")
        #expect(Self.rules(Self.engine, messages) == ["Engine.swift:4:23 app_zone_deletion_unhandled"])
    }

    // sync-engine SyncedDatabase.swift:243, doneanddone CloudKitManager.swift:267, PaperTrail
    // HouseholdManager.swift:276, moolah SyncErrorRecovery.swift:55, NetNewsWire CloudKitZoneResult.swift:39.
    @Test(arguments: [
        "case .zoneNotFound:\n engine.state.add(pendingDatabaseChanges: [.saveZone(CKRecordZone(zoneID: id.zoneID))])",
        "case .zoneNotFound, .userDeletedZone:\n logger.warning(\"zone missing\")\n result.zoneNotFoundSaves.append(id)",
        "case .zoneNotFound: return .zoneNotFound",
        "case .zoneNotFound: return nil",
    ])
    func codeThatLeadsSomewhereIsHandling(_ handling: String) {
        let handler = ("Handler.swift", "func handle(_ error: CKError, id: CKRecord.ID) -> Action? {\n switch error.code {\n\(handling)\n default: return nil }\n return nil }")
        #expect(Self.rules(Self.engine, handler).isEmpty)
    }

    @Test func catchWhereAndComparisonsAreHandling() {
        #expect(Self.rules(Self.engine, ("Fetch.swift", """
            func fetch(_ db: CKDatabase, id: CKRecord.ID) async throws -> CKRecord? {
                do { return try await db.record(for: id) }
                catch let error as CKError where error.code == .unknownItem || error.code == .zoneNotFound { return nil }
            }
            """)).isEmpty)
    }

    /// A described code does not hide handling elsewhere in the app.
    @Test func handlingBesideADescriptionCounts() {
        let messages = ("Messages.swift", "func text(_ e: CKError) -> String { switch e.code { case .zoneNotFound: return \"gone\"\n default: return \"\" } }")
        let handler = ("Handler.swift", "func retry(_ e: CKError) { if e.code == .zoneNotFound { recreateZone() } }")
        #expect(Self.rules(Self.engine, messages, handler).isEmpty)
    }
}
