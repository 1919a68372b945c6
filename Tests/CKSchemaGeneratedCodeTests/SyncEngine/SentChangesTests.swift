#if os(Linux) && canImport(CloudKit)
@_spi(StandIn) import CloudKit
import Foundation
import Testing

/// `CloudKitSchema.SentChanges` sorts every failure of a `sentRecordZoneChanges` event: what the engine retries,
/// what nobody does, and what the app must queue again.
@Suite struct SentChangesTests {
    typealias Event = CKSyncEngine.Event.SentRecordZoneChanges
    static let zoneID = CKRecordZone.ID(zoneName: "JournalZone")

    func entryRecord(_ name: String, zoneID: CKRecordZone.ID = Self.zoneID) -> CKRecord {
        JournalEntry(recordID: JournalEntry.ID(recordName: name, zoneName: zoneID.zoneName, ownerName: zoneID.ownerName),
                     createdAt: Date(timeIntervalSince1970: 0)).makeRecord()
    }

    func failed(_ record: CKRecord, _ code: CKError.Code, _ userInfo: [String: Any] = [:]) -> Event.FailedRecordSave {
        Event.FailedRecordSave(record: record, error: CKError(code, userInfo: userInfo))
    }

    @Test func errorsTheEngineRetriesAreKeptApartFromPermanentOnes() {
        let limited = entryRecord("limited")
        let busy = entryRecord("busy")
        let full = entryRecord("full")
        let outcome = CloudKitSchema.SentChanges(Event(failedRecordSaves: [
            failed(limited, .requestRateLimited, [CKErrorRetryAfterKey: NSNumber(value: 30)]),
            failed(busy, .zoneBusy), failed(entryRecord("net"), .networkFailure),
            failed(entryRecord("down"), .serviceUnavailable), failed(full, .quotaExceeded),
        ]))
        #expect(outcome.retrying.map(\.recordID.recordName) == ["limited", "busy", "net", "down"])
        #expect(outcome.retrying.first?.retryAfterSeconds == 30)
        #expect(outcome.retrying.first?.id == .journalEntry(JournalEntry.ID(limited.recordID)))
        #expect(outcome.failed.map(\.recordID) == [full.recordID])
        // The engine keeps retried changes pending by itself: nothing is queued again.
        #expect(outcome.pendingRecordZoneChanges.isEmpty && outcome.pendingDatabaseChanges.isEmpty)
    }

    @Test func unknownItemFollowsTheStatedPolicy() {
        let gone = entryRecord("gone")
        let event = Event(failedRecordSaves: [failed(gone, .unknownItem)])
        let recreate = CloudKitSchema.SentChanges(event)
        #expect(recreate.recreated == [.journalEntry(JournalEntry.ID(gone.recordID))])
        #expect(recreate.pendingRecordZoneChanges == [.saveRecord(gone.recordID)])
        let delete = CloudKitSchema.SentChanges(event, unknownItem: .deleteLocally)
        #expect(delete.deletedOnServer == [.journalEntry(JournalEntry.ID(gone.recordID))])
        #expect(delete.recreated.isEmpty && delete.pendingRecordZoneChanges.isEmpty)
    }

    @Test func onlyTheSchemasOwnZonesAreCreatedAgain() {
        let mine = entryRecord("mine")
        let other = entryRecord("other", zoneID: CKRecordZone.ID(zoneName: "Elsewhere"))
        let shared = entryRecord("shared", zoneID: CKRecordZone.ID(zoneName: "JournalZone", ownerName: "_someoneElse"))
        let another = entryRecord("another")
        let outcome = CloudKitSchema.SentChanges(Event(failedRecordSaves: [
            failed(mine, .zoneNotFound), failed(other, .zoneNotFound), failed(shared, .zoneNotFound),
            failed(another, .zoneNotFound),
        ]))
        #expect(outcome.zonesNotFound == [Self.zoneID])
        #expect(outcome.pendingDatabaseChanges.map(\.zoneID) == [Self.zoneID])
        #expect(outcome.pendingRecordZoneChanges == [.saveRecord(mine.recordID), .saveRecord(another.recordID)])
        #expect(Set(outcome.failed.map(\.recordID)) == [other.recordID, shared.recordID])
    }

    @Test func savesAndDeletesAreReportedAndFailedDeletesSorted() {
        let saved = entryRecord("saved")
        let deleted = CKRecord.ID(recordName: "deleted", zoneID: Self.zoneID)
        let outcome = CloudKitSchema.SentChanges(Event(
            savedRecords: [saved], deletedRecordIDs: [deleted],
            failedRecordDeletes: [
                CKRecord.ID(recordName: "already"): CKError(.unknownItem),
                CKRecord.ID(recordName: "batch"): CKError(.batchRequestFailed),
                CKRecord.ID(recordName: "later"): CKError(.networkUnavailable),
                CKRecord.ID(recordName: "denied"): CKError(.permissionFailure),
            ]
        ))
        #expect(outcome.saved == [saved])
        #expect(Set(outcome.deleted.map(\.recordName)) == ["deleted", "already"])
        #expect(outcome.pendingRecordZoneChanges == [.deleteRecord(CKRecord.ID(recordName: "batch"))])
        #expect(outcome.retrying.map(\.recordID.recordName) == ["later"] && outcome.retrying.first?.id == nil)
        #expect(outcome.failed.map(\.recordID.recordName) == ["denied"])
    }

    @Test func aConflictWithoutItsRecordsIsLeftUnresolved() {
        let record = entryRecord("bare")
        let outcome = CloudKitSchema.SentChanges(Event(failedRecordSaves: [failed(record, .serverRecordChanged)]))
        #expect(outcome.merged.isEmpty && outcome.pendingRecordZoneChanges.isEmpty)
        #expect(outcome.unresolvedConflicts.count == 1)
    }

    @Test func theSchemasZonesAreListed() {
        #expect(CloudKitSchema.recordZones.map(\.zoneID) == [Self.zoneID])
        #expect(CloudKitSchema.isRecordZone(Self.zoneID))
        #expect(!CloudKitSchema.isRecordZone(CKRecordZone.ID(zoneName: "JournalZone", ownerName: "_other")))
    }
}
#endif
