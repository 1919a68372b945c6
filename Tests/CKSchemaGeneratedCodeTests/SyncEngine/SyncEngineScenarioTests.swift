#if os(Linux) && canImport(CloudKit)
@_spi(StandIn) import CloudKit
import Foundation
import Testing

/// Two devices of the CloudJournal app, each a `CKSyncEngine` delegate written on the generated layer, sharing a
/// simulated server: what reaches both devices and the server through the stand-in engine.
@Suite struct SyncEngineScenarioTests {
    let server = StandInDatabase(clock: { Date(timeIntervalSince1970: 1_800_000_000) })
    static let day = Date(timeIntervalSince1970: 1_700_000_000)
    static let zoneID = CKRecordZone.ID(zoneName: "JournalZone")

    /// The value a record holds for `key`, read as generated code reads it (through `Any`).
    func value(_ record: CKRecord?, _ key: String) -> Any? {
        record?.object(forKey: key)
    }

    /// An entry created on the phone and synced to the laptop.
    func sharedEntry(_ phone: SimulatedDevice, _ laptop: SimulatedDevice) async throws -> JournalEntry.ID {
        let entry = JournalEntry(title: "Trip", body: "Day one", mood: .neutral, createdAt: Self.day,
                                 modifiedAt: Self.day, tags: ["travel"])
        await phone.save(.journalEntry(entry))
        try await phone.sync()
        try await laptop.sync()
        #expect(await laptop.entry(entry.recordID)?.title == "Trip")
        return entry.recordID
    }

    @Test func concurrentEditsConvergeToTheMergePoliciesResultOnBothDevices() async throws {
        let phone = SimulatedDevice(server: server)
        let laptop = SimulatedDevice(server: server)
        let id = try await sharedEntry(phone, laptop)
        let ancestor = try #require(await laptop.entry(id))

        await phone.edit(id) {
            $0.title = "Trip to Lyon"
            $0.tags = ["travel", "france"]
            $0.modifiedAt = Self.day.addingTimeInterval(120)
        }
        await laptop.edit(id) {
            $0.title = "Lyon"
            $0.tags = ["travel", "food"]
            $0.isFavorite = true
            $0.modifiedAt = Self.day.addingTimeInterval(60)
        }
        let phoneEdit = try #require(await phone.entry(id))
        let laptopEdit = try #require(await laptop.entry(id))
        try await phone.sync()
        try await laptop.sync()   // conflicts, merges, saves the merge
        try await phone.sync()

        // The laptop's save conflicted and was merged onto the server's record, then saved again.
        let outcomes = await laptop.outcomes
        let merged = try #require(outcomes.flatMap(\.merged).first)
        #expect(Set(merged.conflictedFields) == ["title", "tags", "modifiedAt"])
        #expect(merged.record.recordChangeTag != nil)

        let onPhone = try #require(await phone.entry(id))
        let onLaptop = try #require(await laptop.entry(id))
        let expected = JournalEntry.merge(ancestor: ancestor, server: phoneEdit, client: laptopEdit).model
        // title and modifiedAt by `latest` (the phone edited last), tags by `union`, isFavorite by `client`.
        #expect(onPhone.title == "Trip to Lyon" && onLaptop.title == "Trip to Lyon")
        #expect(onPhone.tags == ["travel", "france", "food"] && onLaptop.tags == onPhone.tags)
        #expect(onPhone.isFavorite && onLaptop.isFavorite)
        #expect(onPhone.body == "Day one" && onLaptop.body == "Day one")
        #expect(onPhone == onLaptop)
        #expect(onPhone.title == expected.title && onPhone.tags == expected.tags && onPhone.isFavorite == expected.isFavorite)
        #expect(await phone.syncEngine.state.pendingRecordZoneChanges.isEmpty)
        #expect(await laptop.syncEngine.state.pendingRecordZoneChanges.isEmpty)
    }

    @Test func aDeletedZoneIsCreatedAgainAndNothingIsLost() async throws {
        let phone = SimulatedDevice(server: server)
        let laptop = SimulatedDevice(server: server)
        let first = try await sharedEntry(phone, laptop)
        let second = JournalEntry(title: "Second", body: "Notes", createdAt: Self.day, tags: ["home"])
        let sticker = CKRecord(recordType: "Sticker", recordID: CKRecord.ID(recordName: "s1", zoneID: Self.zoneID))
        sticker["emoji"] = "🌍"
        _ = try server.save(sticker)     // written by a newer version of the app
        await phone.save(.journalEntry(second))
        try await phone.sync()

        server.deleteZone(Self.zoneID)   // the zone is gone from the server, with every record in it
        await phone.edit(first) { $0.mood = .happy }
        try await phone.sync()

        let outcome = try #require(await phone.outcomes.first { !$0.zonesNotFound.isEmpty })
        #expect(outcome.zonesNotFound == [Self.zoneID])
        #expect(outcome.recreated == [.journalEntry(first)])
        #expect(outcome.pendingDatabaseChanges.map(\.zoneID) == [Self.zoneID])
        #expect(outcome.failed.isEmpty && outcome.retrying.isEmpty)

        // The server holds everything again, every field of it.
        let entry = try JournalEntry(record: try #require(server.fetch(first.ckRecordID)))
        #expect(entry.mood == .happy && entry.title == "Trip" && entry.body == "Day one" && entry.tags == ["travel"])
        let again = try JournalEntry(record: try #require(server.fetch(second.recordID.ckRecordID)))
        #expect(again.title == "Second" && again.body == "Notes" && again.tags == ["home"])
        #expect(value(server.fetch(sticker.recordID), "emoji") as? String == "🌍")

        // A device that starts afresh gets all of it.
        let tablet = SimulatedDevice(server: server)
        try await tablet.sync()
        #expect(await tablet.entry(first)?.mood == .happy)
        #expect(await tablet.entry(second.recordID)?.body == "Notes")
        #expect(await tablet.models.count == 3)
    }

    @Test func aRecordOfAnUnknownTypeSurvivesARoundTrip() async throws {
        let phone = SimulatedDevice(server: server)
        let sticker = CKRecord(recordType: "Sticker", recordID: CKRecord.ID(recordName: "s1", zoneID: Self.zoneID))
        sticker["emoji"] = "🌍"
        sticker["size"] = Int64(3)
        _ = try server.save(sticker)     // written by a newer version of the app
        try await phone.sync()
        guard case .unknown(let kept)? = await phone.models[sticker.recordID] else {
            Issue.record("the unknown record was not kept")
            return
        }
        #expect(value(kept, "emoji") as? String == "🌍")

        // The phone signs in again and uploads everything it holds: the unknown record goes back unchanged.
        let engine = await phone.syncEngine
        await phone.handleEvent(.accountChange(.init(changeType: .signIn(currentUser: CKRecord.ID(recordName: "u")))),
                                syncEngine: engine)
        try await phone.sync()
        let sent = await phone.batches.flatMap(\.recordsToSave).filter { $0.recordType == "Sticker" }
        #expect(sent.count == 1 && sent.first?.changedKeys() == [])
        #expect(await phone.outcomes.allSatisfy { $0.failed.isEmpty && $0.unresolvedConflicts.isEmpty })
        let onServer = try #require(server.fetch(sticker.recordID))
        #expect(value(onServer, "emoji") as? String == "🌍" && value(onServer, "size") as? Int64 == 3)

        // Another device receives it as it is.
        let laptop = SimulatedDevice(server: server)
        try await laptop.sync()
        guard case .unknown(let received)? = await laptop.models[sticker.recordID] else {
            Issue.record("the unknown record did not reach the laptop")
            return
        }
        #expect(value(received, "size") as? Int64 == 3)
    }

    @Test func aPartialFetchEditedAndSavedChangesOnlyTheEditedField() async throws {
        let phone = SimulatedDevice(server: server)
        let laptop = SimulatedDevice(server: server)
        let id = try await sharedEntry(phone, laptop)
        // The laptop lists entries without their bodies (a query with desired keys) and edits one's mood.
        let partial = try #require(server.fetch(id.ckRecordID, desiredKeys: ["title", "mood", "createdAt"]))
        var entry = try JournalEntry(record: partial)
        #expect(entry.body == nil && entry.tags == nil)
        entry.mood = .excited
        await laptop.save(.journalEntry(entry))
        try await laptop.syncEngine.sendChanges()

        let sent = try #require(await laptop.batches.last?.recordsToSave.first)
        #expect(sent.changedKeys() == ["mood"])
        #expect(sent.recordChangeTag == partial.recordChangeTag)
        let onServer = try JournalEntry(record: try #require(server.fetch(id.ckRecordID)))
        #expect(onServer.mood == .excited && onServer.body == "Day one" && onServer.tags == ["travel"])
        try await phone.sync()
        #expect(await phone.entry(id)?.mood == .excited)
        #expect(await phone.entry(id)?.body == "Day one")
    }

    @Test func aFetchedRecordThatDoesNotReadIsReportedNotDropped() async throws {
        let phone = SimulatedDevice(server: server)
        let broken = CKRecord(recordType: "JournalEntry", recordID: CKRecord.ID(recordName: "e9", zoneID: Self.zoneID))
        broken["title"] = "No date"          // createdAt is required
        _ = try server.save(broken)
        try await phone.sync()
        let unreadable = await phone.unreadable
        #expect(unreadable.map(\.record.recordID) == [broken.recordID])
        #expect(unreadable.first?.error as? CloudKitSchema.RecordError
            == .missingField(recordType: "JournalEntry", field: "createdAt"))
    }

    @Test func deletionsArriveAsTypedIDs() async throws {
        let phone = SimulatedDevice(server: server)
        let laptop = SimulatedDevice(server: server)
        let id = try await sharedEntry(phone, laptop)
        try server.delete(id.ckRecordID)
        let changes = server.changes(since: 0)
        let event = CKSyncEngine.Event.FetchedRecordZoneChanges(
            modifications: changes.records.map { CKDatabase.RecordZoneChange.Modification(record: $0) },
            deletions: changes.deletions.map { .init(recordID: $0.recordID, recordType: $0.recordType) }
        )
        #expect(CloudKitSchema.FetchedChanges(event).deletions == [.journalEntry(id)])
        try await laptop.sync()
        #expect(await laptop.entry(id) == nil)
    }
}
#endif
