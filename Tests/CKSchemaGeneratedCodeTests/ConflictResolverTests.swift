#if os(Linux) && canImport(CloudKit)
@_spi(StandIn) import CloudKit
import Foundation
import Testing

/// `CloudKitSchema.resolveConflicts(in:)` on the errors the stand-in database throws as CloudKit does: a
/// `serverRecordChanged` error alone, and a `partialFailure` holding several, resolve into server records that
/// carry the server's change tag and save.
@Suite struct ConflictResolverTests {
    let database = StandInDatabase(clock: { Date(timeIntervalSince1970: 1_800_000_000) })
    static let day = Date(timeIntervalSince1970: 1_700_000_000)

    /// Saves a new entry and returns two devices' copies of it.
    func sharedEntry(title: String = "Trip", tags: [String] = ["travel"]) throws -> (JournalEntry, JournalEntry) {
        let saved = try database.save(JournalEntry(title: title, createdAt: Self.day, modifiedAt: Self.day, tags: tags)
            .makeRecord())
        let copy = try JournalEntry(record: saved)
        return (copy, copy)
    }

    /// The first device saves its edit; the second device's save then conflicts.
    func conflict(_ first: JournalEntry, _ second: JournalEntry) throws -> CKError {
        _ = try database.save(first.makeRecord())
        return try #require(throws: CKError.self) { try database.save(second.makeRecord()) }
    }

    @Test func aServerRecordChangedErrorResolvesIntoARecordReadyToSave() throws {
        var (phone, laptop) = try sharedEntry()
        phone.title = "Trip to Lyon"
        phone.tags = ["travel", "france"]
        phone.modifiedAt = Self.day.addingTimeInterval(60)
        laptop.tags = ["travel", "food"]
        laptop.isFavorite = true
        laptop.modifiedAt = Self.day.addingTimeInterval(30)
        let error = try conflict(phone, laptop)
        let serverTag = error.serverRecord?.recordChangeTag

        let resolution = try #require(CloudKitSchema.resolveConflicts(in: error))
        #expect(resolution.unresolved.isEmpty && resolution.otherErrors.isEmpty)
        let record = try #require(resolution.recordsToSave.first)
        #expect(resolution.recordsToSave.count == 1)
        #expect(record.recordChangeTag == serverTag)                     // the server's record, with its tag
        #expect(Set(record.changedKeys()) == ["tags", "isFavorite"])     // only what differs from the server
        #expect(resolution.conflictedFields[record.recordID].map(Set.init) == ["tags", "modifiedAt"])

        let saved = try JournalEntry(record: try database.save(record))
        #expect(saved.title == "Trip to Lyon")                            // the phone's, changed there only
        #expect(saved.tags == ["travel", "france", "food"])               // union of both additions
        #expect(saved.isFavorite)                                         // the laptop's, changed there only
        #expect(saved.modifiedAt == Self.day.addingTimeInterval(60))      // latest: the phone's clock is newer
    }

    @Test func aPartialFailureHoldingTwoConflictsResolvesBoth() throws {
        var (phoneA, laptopA) = try sharedEntry(title: "A")
        var (phoneB, laptopB) = try sharedEntry(title: "B")
        phoneA.title = "A from the phone"
        phoneB.tags = ["phone"]
        _ = try database.save([phoneA.makeRecord(), phoneB.makeRecord()])
        laptopA.isFavorite = true
        laptopB.tags = ["laptop"]
        let error = try #require(throws: CKError.self) {
            try database.save([laptopA.makeRecord(), laptopB.makeRecord()])
        }
        #expect(error.code == .partialFailure && error.partialErrorsByItemID?.count == 2)

        let resolution = try #require(CloudKitSchema.resolveConflicts(in: error))
        #expect(resolution.recordsToSave.count == 2 && resolution.unresolved.isEmpty)
        let saved = try database.save(resolution.recordsToSave).map(JournalEntry.init(record:))
        let a = try #require(saved.first { $0.recordID == phoneA.recordID })
        let b = try #require(saved.first { $0.recordID == phoneB.recordID })
        #expect(a.title == "A from the phone" && a.isFavorite)
        #expect(b.tags == ["phone", "laptop"])                            // both removed 'travel', both added one
    }

    @Test func otherErrorsAndUnknownTypesAreLeftToTheApp() throws {
        let share = CKRecord(recordType: "cloudkit.share", recordID: CKRecord.ID(recordName: "share"))
        _ = try database.save(share)
        let stale = CKRecord(recordType: "cloudkit.share", recordID: share.recordID)   // no change tag
        let shareConflict = try #require(throws: CKError.self) { try database.save(stale) }
        let zoneMissing = CKError(.zoneNotFound)
        let error = CKError(.partialFailure, userInfo: [CKPartialErrorsByItemIDKey: [
            share.recordID: shareConflict, CKRecord.ID(recordName: "elsewhere"): zoneMissing,
        ] as [AnyHashable: any Error]])

        let resolution = try #require(CloudKitSchema.resolveConflicts(in: error))
        #expect(resolution.recordsToSave.isEmpty)
        let unresolved = try #require(resolution.unresolved.first)
        guard case .unknownRecordType = unresolved.reason else {
            Issue.record("expected an unknown record type, got \(unresolved.reason)")
            return
        }
        #expect(unresolved.error.serverRecord?.recordID == share.recordID)
        #expect((resolution.otherErrors[CKRecord.ID(recordName: "elsewhere")] as? CKError)?.code == .zoneNotFound)
        // An error that holds no conflict is not this resolver's.
        #expect(CloudKitSchema.resolveConflicts(in: CKError(.networkFailure)) == nil)
        #expect(CloudKitSchema.resolveConflicts(in: CocoaError(.fileNoSuchFile)) == nil)
    }

    @Test func withoutAnAncestorEveryDifferingFieldIsAConflict() throws {
        let (saved, _) = try sharedEntry()
        // A second device creates "the same" record from scratch: its record has no change tag, so CloudKit
        // can give no ancestor.
        var created = JournalEntry(recordID: saved.recordID, title: "Other", createdAt: Self.day,
                                   modifiedAt: Self.day.addingTimeInterval(5), tags: ["new"])
        created.isFavorite = true
        let error = try #require(throws: CKError.self) { try database.save(created.makeRecord()) }
        #expect(error.ancestorRecord == nil)

        let resolution = try #require(CloudKitSchema.resolveConflicts(in: error))
        let record = try #require(resolution.recordsToSave.first)
        #expect(resolution.conflictedFields[record.recordID].map(Set.init)
                == ["title", "modifiedAt", "isFavorite", "tags"])
        let merged = try JournalEntry(record: try database.save(record))
        #expect(merged.title == "Other" && merged.isFavorite)          // latest (newer clock) and client
        #expect(merged.tags == ["travel", "new"])                       // no ancestor: nothing counts as removed
    }

    @Test func aClientRecordFromAPartialFetchErasesNothingItDidNotFetch() throws {
        let full = CloudJournalRoundTripTests.fullEntry()
        let saved = try database.save(full.makeRecord())
        // The laptop fetches three keys; then the phone saves a new title; then the laptop saves a mood.
        let partial = try #require(database.fetch(saved.recordID, desiredKeys: ["title", "mood", "createdAt"]))
        var phone = try JournalEntry(record: saved)
        phone.title = "from the phone"
        _ = try database.save(phone.makeRecord())
        var laptop = try JournalEntry(record: partial)
        laptop.mood = .sad
        let error = try #require(throws: CKError.self) { try database.save(laptop.makeRecord()) }
        #expect(error.ancestorRecord?["tags"] != nil)                  // the ancestor is the whole version

        let resolution = try #require(CloudKitSchema.resolveConflicts(in: error))
        let record = try #require(resolution.recordsToSave.first)
        #expect(record.changedKeys() == ["mood"])
        let merged = try JournalEntry(record: try database.save(record))
        #expect(merged.title == "from the phone" && merged.mood == .sad)
        #expect(merged.body == full.body && merged.tags == full.tags && merged.place == full.place)
    }

    @Test func aRecordThatDoesNotReadIsLeftUnchanged() throws {
        let (saved, _) = try sharedEntry()
        let server = try #require(database.fetch(saved.recordID.ckRecordID))
        server["createdAt"] = nil                                        // a required field missing
        let client = saved.makeRecord()
        let error = CKError(.serverRecordChanged, userInfo: [
            CKRecordChangedErrorServerRecordKey: server, CKRecordChangedErrorClientRecordKey: client,
        ])
        let resolution = try #require(CloudKitSchema.resolveConflicts(in: error))
        #expect(resolution.recordsToSave.isEmpty)
        guard case .unreadableRecord(let reason)? = resolution.unresolved.first?.reason else {
            Issue.record("expected an unreadable record")
            return
        }
        #expect(reason is CloudKitSchema.RecordError)
    }
}
#endif
