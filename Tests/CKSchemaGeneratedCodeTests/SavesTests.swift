#if os(Linux) && canImport(CloudKit)
@_spi(StandIn) import CloudKit
import CoreLocation
import Foundation
import Testing

/// Saves never erase what was not read: a model writes the fields set since it was read (every field with a
/// value when it is new), an explicit `nil` removes a value, and an unchanged asset keeps its `CKAsset`. Runs
/// through the stand-in database, which sends only changed keys, as CloudKit does.
@Suite struct SavesTests {
    let database = StandInDatabase(clock: { Date(timeIntervalSince1970: 1_800_000_000) })

    /// A fully populated entry, saved; returns the server's copy.
    func savedEntry() throws -> CKRecord {
        try database.save(CloudJournalRoundTripTests.fullEntry().makeRecord())
    }

    @Test func aPartialFetchEditedOnceSavesExactlyThatKey() throws {
        let saved = try savedEntry()
        let partial = try #require(database.fetch(saved.recordID, desiredKeys: ["title", "mood", "createdAt"]))
        var entry = try JournalEntry(record: partial)
        #expect(entry.body == nil && entry.tags == nil && entry.place == nil)
        entry.mood = .sad
        let record = entry.makeRecord()
        #expect(record.changedKeys() == ["mood"])
        _ = try database.save(record)
        let server = try #require(database.fetch(saved.recordID))
        let after = try JournalEntry(record: server)
        var expected = CloudJournalRoundTripTests.fullEntry()
        expected.mood = .sad
        #expect(after.mood == .sad)
        // Everything the partial fetch did not bring back is still on the server.
        #expect(after.body == expected.body && after.tags == expected.tags && after.place == expected.place)
        #expect(after.category == expected.category && after.isFavorite == expected.isFavorite)
    }

    @Test func aModelRemembersWhichFieldsItWasReadWith() throws {
        let saved = try savedEntry()
        let keys = JournalEntry.query { $0.isFavorite == true }.fetching([.title, .body]).ckDesiredKeys
        // Typed desired keys always hold the required fields, so that the partial records read.
        #expect(keys == ["title", "body", "createdAt"])
        let entry = try JournalEntry(record: try #require(database.fetch(saved.recordID, desiredKeys: keys)))
        #expect(entry.cloudKitChanges.wasRead(JournalEntry.FieldKey.title))
        #expect(entry.cloudKitChanges.wasRead(JournalEntry.FieldKey.body))
        #expect(!entry.cloudKitChanges.wasRead(JournalEntry.FieldKey.tags))
        #expect(!entry.cloudKitChanges.isNew && entry.cloudKitChanges.changedKeys.isEmpty)
        #expect(entry.makeRecord().changedKeys().isEmpty)
    }

    @Test func anUnchangedModelWritesNothingOntoItsRecord() throws {
        let saved = try savedEntry()
        let record = try #require(database.fetch(saved.recordID))
        try JournalEntry(record: record).write(to: record)
        #expect(record.changedKeys().isEmpty)
    }

    @Test func aNewModelWritesEveryFieldThatHasAValue() throws {
        let entry = JournalEntry(title: "New", createdAt: Date(timeIntervalSince1970: 5))
        let record = entry.makeRecord()
        // title and createdAt, and the fields with defaults; not the nil ones.
        #expect(Set(record.changedKeys()) == ["title", "createdAt", "mood", "isFavorite"])
        #expect(entry.cloudKitChanges.isNew)
        let full = CloudJournalRoundTripTests.fullEntry().makeRecord()
        #expect(Set(full.changedKeys()) == Set(JournalEntry.FieldKey.allCases.map(\.rawValue)))
    }

    @Test func aModelReadFromAnUnsavedRecordWritesEveryValue() throws {
        let local = CloudJournalRoundTripTests.fullEntry().makeRecord()
        var entry = try JournalEntry(record: local)
        #expect(entry.cloudKitSystemFields == nil)
        entry.title = "Edited"
        let record = entry.makeRecord()
        #expect(Set(record.changedKeys()) == Set(JournalEntry.FieldKey.allCases.map(\.rawValue)))
        let server = try database.save(record)
        #expect(try JournalEntry(record: server).tags == ["a", "b"])
    }

    @Test func anExplicitNilRemovesTheValue() throws {
        let saved = try savedEntry()
        var entry = try JournalEntry(record: saved)
        entry.title = nil
        entry.tags?.append("c")
        let record = entry.makeRecord()
        #expect(Set(record.changedKeys()) == ["title", "tags"])
        let server = try database.save(record)
        #expect(server.object(forKey: "title") == nil)
        #expect(stored("tags", in: server) as? [String] == ["a", "b", "c"])
        #expect(stored("mood", in: server) as? String == "excited")
    }

    @Test func settingEveryFieldWritesNilsToo() throws {
        let saved = try savedEntry()
        var entry = try JournalEntry(record: saved)
        entry = JournalEntry(recordID: entry.recordID, createdAt: entry.createdAt, cloudKitSystemFields: entry.cloudKitSystemFields)
        entry.cloudKitChanges.markChanged(JournalEntry.FieldKey.allCases)
        let server = try database.save(entry.makeRecord())
        #expect(server.object(forKey: "title") == nil && server.object(forKey: "place") == nil)
        #expect(server.encryptedValues.object(forKey: "body") == nil)
    }

    @Test func unchangedAssetsKeepTheirCKAsset() throws {
        let file = URL(fileURLWithPath: "/tmp/photo.heic")
        let saved = try database.save(EntryImage(entry: JournalEntry.ID(recordName: "e"), imageAsset: file).makeRecord())
        let record = try #require(database.fetch(saved.recordID))
        let asset = try #require(record.object(forKey: "imageAsset") as? CKAsset)
        var image = try EntryImage(record: record)
        image.caption = "Sunset"
        image.imageAsset = file
        // Setting the same file is no change: nothing to upload, whichever way the record is made.
        #expect(image.makeRecord().changedKeys() == ["caption"])
        image.write(to: record)
        #expect((record.object(forKey: "imageAsset") as? CKAsset) === asset)
        #expect(record.changedKeys() == ["caption"])
    }

    @Test func aNewFileReplacesTheAsset() throws {
        let saved = try database.save(EntryImage(entry: JournalEntry.ID(recordName: "e"),
                                                 imageAsset: URL(fileURLWithPath: "/tmp/a.heic")).makeRecord())
        let record = try #require(database.fetch(saved.recordID))
        var image = try EntryImage(record: record)
        image.imageAsset = URL(fileURLWithPath: "/tmp/b.heic")
        image.write(to: record)
        #expect((record.object(forKey: "imageAsset") as? CKAsset)?.fileURL == URL(fileURLWithPath: "/tmp/b.heic"))
        #expect(record.changedKeys() == ["imageAsset"])
    }

    @Test func anAssetListWithTheSameFilesIsKept() throws {
        let files = [URL(fileURLWithPath: "/tmp/1"), URL(fileURLWithPath: "/tmp/2")]
        var model = try Everything(record: everythingRecord(assets: files))
        let record = everythingRecord(assets: files)
        let assets = try #require(stored("assets", in: record) as? [CKAsset])
        model.assets = files
        model.cloudKitChanges.markChanged([Everything.FieldKey.assets])
        model.write(to: record)
        #expect((stored("assets", in: record) as? [CKAsset]).map { zip($0, assets).allSatisfy(===) } == true)
        model.assets = files.reversed()
        model.write(to: record)
        #expect((stored("assets", in: record) as? [CKAsset])?.map(\.fileURL) == files.reversed())
    }

    @Test func fieldChangesNeverMakeModelsUnequalAndSurviveJSON() throws {
        var read = try JournalEntry(record: try savedEntry())
        let original = read
        let title = read.title
        read.title = title
        #expect(read == original)
        #expect(read.cloudKitChanges.isChanged(JournalEntry.FieldKey.title))
        let decoded = try JSONDecoder().decode(JournalEntry.self, from: JSONEncoder().encode(read))
        #expect(decoded.cloudKitChanges.changedKeys == ["title"])
        #expect(decoded.cloudKitChanges.readKeys == read.cloudKitChanges.readKeys)
    }

    @Test func jsonFromBeforeChangeTrackingDecodesAsANewModel() throws {
        let entry = JournalEntry(title: "Old", createdAt: Date(timeIntervalSince1970: 0))
        var object = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(entry)) as? [String: Any])
        object["cloudKitChanges"] = nil
        let decoded = try JSONDecoder().decode(JournalEntry.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(decoded == entry)
        #expect(decoded.cloudKitChanges.isNew)
        #expect(Set(decoded.makeRecord().changedKeys()) == ["title", "createdAt", "mood", "isFavorite"])
    }
}
#endif
