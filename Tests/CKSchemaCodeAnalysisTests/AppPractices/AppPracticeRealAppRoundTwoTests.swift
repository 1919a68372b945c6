import CKSchemaApp
import CKSchemaCore
import Testing

/// The second round of real-app shapes the code-practice rules got wrong (issue #38): records saved under a
/// fresh name, an app's own `.partialFailure` case, a zone saved before each use, status queries and existence
/// probes under `try?`. Each correct shape must stay silent; its close variant must still be reported.
@Suite struct AppPracticeRealAppRoundTwoTests {
    private static func found(_ rule: String, _ texts: String...) -> [String] {
        let files = texts.enumerated().map { ("F\($0.offset).swift", "import CloudKit\n" + $0.element) }
        return AppPracticeHarness.summary(AppPracticeHarness.diagnostics(files, styles: [.rawOperations]))
            .filter { $0.hasSuffix(" " + rule) }
    }

    private static let conflict = "app_server_record_changed_unhandled"

    // MARK: app_server_record_changed_unhandled

    // Dispatch CatalogProvider.swift:122: a record named by a value built with `recordName: UUID().uuidString`.
    // apple/sample-cloudkit-sharing ViewModel.swift:90, privatedb-sync ViewModel.swift:109: `CKRecord.ID(zoneID:)`.
    @Test func newRecordUnderAFreshNameIsNotAConflict() {
        #expect(Self.found(Self.conflict, """
            struct Submission { let recordName: String; let prompt: String }
            final class Provider {
                let database: CKDatabase
                let recordZone = CKRecordZone(zoneName: "Contacts")
                func submit(prompt: String) async throws {
                    let submission = Submission(recordName: UUID().uuidString, prompt: prompt)
                    let record = CKRecord(recordType: "Submission", recordID: CKRecord.ID(recordName: submission.recordName))
                    do { _ = try await database.save(record) } catch { throw error }
                }
                func addContact(name: String) async throws {
                    let id = CKRecord.ID(zoneID: recordZone.zoneID)
                    let contactRecord = CKRecord(recordType: "SharedContact", recordID: id)
                    contactRecord["name"] = name
                    try await database.save(contactRecord)
                }
            }
            """).isEmpty)
    }

    @Test(arguments: [
        "try await db.save(CKRecord(recordType: \"T\"))",
        "let r = CKRecord(recordType: \"T\", zoneID: zone.zoneID)\n try await db.save(r)",
        "try await db.save(CKRecord(recordType: \"T\", recordID: CKRecord.ID()))",
        "let name = UUID().uuidString\n let id = CKRecord.ID(recordName: name, zoneID: zone.zoneID)\n try await db.save(CKRecord(recordType: \"T\", recordID: id))",
        "try await db.save(CKRecord(recordType: \"T\", recordID: CKRecord.ID(recordName: NSUUID().uuidString)))",
        "try await db.save(CKRecord(recordType: \"T\", recordID: CKRecord.ID(recordName: \"item-\\(UUID())\")))",
        "let a = CKRecord(recordType: \"T\")\n let b = CKRecord(recordType: \"U\")\n _ = try await db.modifyRecords(saving: [a, b], deleting: [])",
        "db.add(CKModifyRecordsOperation(recordsToSave: [CKRecord(recordType: \"T\")], recordIDsToDelete: nil))",
        "let r = CKRecord(recordType: \"T\")\n Task { try await db.save(r) }",
    ])
    func everyFreshShapeIsNotAConflict(_ body: String) {
        #expect(Self.found(Self.conflict, "func f(_ db: CKDatabase, zone: CKRecordZone) async throws {\n\(body)\n}").isEmpty)
    }

    /// Fetched, passed in, or named by the app: another device may have saved it first.
    @Test(arguments: [
        "let r = try await db.record(for: id)\n r[\"n\"] = 1\n try await db.save(r)",
        "try await db.save(passed)",
        "try await db.save(CKRecord(recordType: \"Settings\", recordID: CKRecord.ID(recordName: \"settings\")))",
        "let id = CKRecord.ID(recordName: \"item-\\(item.id)\")\n try await db.save(CKRecord(recordType: \"T\", recordID: id))",
        "let fresh = CKRecord(recordType: \"T\")\n _ = try await db.modifyRecords(saving: [fresh, passed], deleting: [])",
        "let s = Submission(recordName: item.name)\n try await db.save(CKRecord(recordType: \"T\", recordID: CKRecord.ID(recordName: s.recordName)))",
        "var r = CKRecord(recordType: \"T\")\n r = try await db.record(for: id)\n try await db.save(r)",
    ])
    func recordThatMayExistIsStillAConflict(_ body: String) {
        #expect(Self.found(Self.conflict, "func f(_ db: CKDatabase, passed: CKRecord, id: CKRecord.ID) async throws {\n\(body)\n}")
            .count == 1)
    }

    // zonesharing ViewModel.swift:105 (a zone's share has a fixed name), sharing ViewModel.swift:105 (the root
    // record as fetched): both true, both stay.
    @Test func sharesOfAZoneOrOfAFetchedRecordAreStillConflicts() {
        #expect(Self.found(Self.conflict, """
            func shareZone(_ database: CKDatabase, zone: CKRecordZone) async throws {
                let share = CKShare(recordZoneID: zone.zoneID)
                _ = try await database.modifyRecords(saving: [share], deleting: [])
            }
            func shareContact(_ database: CKDatabase, contact: Contact) async throws {
                let share = CKShare(rootRecord: contact.associatedRecord)
                _ = try await database.modifyRecords(saving: [contact.associatedRecord, share], deleting: [])
            }
            """) == ["F0.swift:4:19 \(Self.conflict)", "F0.swift:8:19 \(Self.conflict)"])
    }

    // MARK: app_partial_failure_unread

    // AngelLive Sync/SyncError.swift:49 (the declaration), PlatformCredentialSyncService.swift:315 (a use).
    static let ownKind = """
        struct SyncError {
            enum Kind { case partialFailure(failed: Int, total: Int), unknown }
            let kind: Kind
            var isRetryable: Bool { switch kind { case .partialFailure, .unknown: return false } }
        }
        """
    /// A batch operation somewhere in the app: without one CloudKit never answers `.partialFailure`.
    static let batch = "let fetch = CKFetchRecordsOperation(recordIDs: ids)"
    static let ownUse = "func outcome(_ n: Int) -> SyncError { SyncError(kind: .partialFailure(failed: n, total: 2)) }"

    @Test func appsOwnPartialFailureCaseIsNotCloudKits() {
        #expect(Self.found("app_partial_failure_unread", Self.ownKind, Self.ownUse).isEmpty)
    }

    @Test func cloudKitsPartialFailureNextToTheAppsOwnIsStillReported() {
        let mapping = """
            func from(_ error: CKError) -> SyncError {
                switch error.code {
                case .partialFailure: return SyncError(kind: .partialFailure(failed: 0, total: 0))
                default: return SyncError(kind: .unknown)
                }
            }
            """
        #expect(Self.found("app_partial_failure_unread", Self.ownKind, Self.ownUse, mapping, Self.batch)
            == ["F2.swift:4:11 app_partial_failure_unread"])
        // AngelLive: the same mapping in an app that issues no batch operation, which CloudKit never answers so.
        #expect(Self.found("app_partial_failure_unread", Self.ownKind, Self.ownUse, mapping).isEmpty)
        for use in ["if error.code == .partialFailure { retry() }", "if e == CKError.partialFailure { retry() }",
                    "do { try run() } catch CKError.Code.partialFailure { retry() }"] {
            #expect(Self.found("app_partial_failure_unread", Self.ownKind, use, Self.batch).count == 1, "\(use)")
        }
        // Without a case of that name in the app, every `.partialFailure` is CloudKit's.
        #expect(Self.found("app_partial_failure_unread", "func f(_ r: Result) { if r.kind == .partialFailure { retry() } }", Self.batch)
            == ["F0.swift:2:37 app_partial_failure_unread"])
    }

    // MARK: app_zone_deletion_unhandled

    // apple/sample-cloudkit-zonesharing ViewModel.swift:82: the group's zone is saved before each record.
    @Test(arguments: [
        "try await database.save(zone)",
        "_ = try await database.modifyRecordZones(saving: [zone], deleting: [])",
        "database.add(CKModifyRecordZonesOperation(recordZonesToSave: [zone], recordZoneIDsToDelete: nil))",
    ])
    func zoneSavedBeforeEachUseIsRecreated(_ save: String) {
        #expect(Self.found("app_zone_deletion_unhandled", """
            func addContact(_ database: CKDatabase, name: String, group: String) async throws {
                let zone = CKRecordZone(zoneName: group)
                \(save)
                let contact = CKRecord(recordType: "SharedContact", recordID: CKRecord.ID(zoneID: zone.zoneID))
                try await database.save(contact)
            }
            """).isEmpty)
    }

    // apple/sample-cloudkit-sharing ViewModel.swift:36, privatedb-sync ViewModel.swift:29: created once.
    @Test func zoneCreatedOnceOrUsedBeforeSavingIsStillReported() {
        #expect(Self.found("app_zone_deletion_unhandled", """
            final class Model {
                let recordZone = CKRecordZone(zoneName: "Contacts")
                func createZoneIfNeeded(_ database: CKDatabase) async throws {
                    guard !UserDefaults.standard.bool(forKey: "isZoneCreated") else { return }
                    _ = try await database.modifyRecordZones(saving: [recordZone], deleting: [])
                }
            }
            """) == ["F0.swift:3:22 app_zone_deletion_unhandled"])
        #expect(Self.found("app_zone_deletion_unhandled", """
            func add(_ database: CKDatabase, group: String) async throws {
                let zone = CKRecordZone(zoneName: group)
                let contact = CKRecord(recordType: "SharedContact", recordID: CKRecord.ID(zoneID: zone.zoneID))
                try await database.save(zone)
            }
            """) == ["F0.swift:3:16 app_zone_deletion_unhandled"])
    }

    // MARK: app_cloudkit_errors_swallowed

    // NetNewsWire CloudKitAccountDelegate.swift:826.
    @Test func statusAndIdentityQueriesMayFailQuietly() {
        #expect(Self.found("app_cloudkit_errors_swallowed", """
            func refresh(_ container: CKContainer) async {
                let status = try? await container.accountStatus()
                let me = try? await CKContainer.default().userRecordID()
                do { _ = try await container.accountStatus() } catch {}
            }
            """).isEmpty)
    }

    // AngelLive PlatformCredentialSyncService.swift:854 (a record), privatedb-sync ViewModel.swift:202 (a subscription).
    @Test func existenceProbeBeforeSavingTheSameIDIsNotSwallowing() {
        #expect(Self.found("app_cloudkit_errors_swallowed", """
            func migrate(_ database: CKDatabase, newRecordID: CKRecord.ID, data: Data) async {
                do {
                    if let newRecord = try? await database.record(for: newRecordID), newRecord["date"] != nil {
                    } else {
                        let newRecord = CKRecord(recordType: "Cookie", recordID: newRecordID)
                        newRecord["data"] = data as NSData
                        _ = try await database.save(newRecord)
                    }
                } catch {
                    log(error)
                }
            }
            func subscribe(_ database: CKDatabase, zone: CKRecordZone) async throws {
                let foundSubscription = try? await database.subscription(for: subscriptionID)
                guard foundSubscription == nil else { return }
                let subscription = CKRecordZoneSubscription(zoneID: zone.zoneID, subscriptionID: subscriptionID)
                _ = try await database.modifySubscriptions(saving: [subscription], deleting: [])
            }
            """).isEmpty)
    }

    // AngelLive PlatformCredentialSyncService.swift:343, CarrierWave CloudSyncEngine.swift:81: true, both stay.
    @Test func fetchWhoseFailureIsNotReportedLaterIsStillSwallowing() {
        let probe = """
            func f(_ database: CKDatabase, id: CKRecord.ID, other: CKRecord.ID) async throws {
                if let record = try? await database.record(for: id) { show(record) }
                SAVE
            }
            """
        for save in ["", "_ = try? await database.save(CKRecord(recordType: \"T\", recordID: id))",
                     "try await database.save(CKRecord(recordType: \"T\", recordID: other))"] {
            #expect(Self.found("app_cloudkit_errors_swallowed", probe.replacing("SAVE", with: save)).first
                == "F0.swift:3:21 app_cloudkit_errors_swallowed", "\(save)")
        }
        #expect(Self.found("app_cloudkit_errors_swallowed", """
            func f(_ database: CKDatabase, id: CKRecord.ID) async throws {
                try await database.save(CKRecord(recordType: "T", recordID: id))
                let found = try? await database.record(for: id)
            }
            """) == ["F0.swift:4:17 app_cloudkit_errors_swallowed"])
        #expect(Self.found("app_cloudkit_errors_swallowed", "func s(_ syncEngine: CKSyncEngine?) async { try? await syncEngine?.fetchChanges() }")
            == ["F0.swift:2:45 app_cloudkit_errors_swallowed"])
    }
}
