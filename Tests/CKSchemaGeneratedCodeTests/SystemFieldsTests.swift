#if os(Linux) && canImport(CloudKit)
@_spi(StandIn) import CloudKit
import Foundation
import Testing

/// Models keep the server's system fields, so a model read from a fetched record saves back without a
/// conflict. Runs against the stand-in's in-memory database (Linux only: Apple's SDK has no such server).
@Suite struct SystemFieldsTests {
    let database = StandInDatabase(clock: { Date(timeIntervalSince1970: 1_800_000_000) })

    @Test func aNewModelHasNoSystemFields() throws {
        let entry = JournalEntry(createdAt: Date(timeIntervalSince1970: 0))
        #expect(try JournalEntry(record: entry.makeRecord()).cloudKitSystemFields == nil)
    }

    @Test func aFetchedModelSavesBackWithoutConflict() throws {
        let saved = try database.save(JournalEntry(title: "v1", createdAt: Date(timeIntervalSince1970: 0)).makeRecord())
        var entry = try JournalEntry(record: saved)
        #expect(entry.cloudKitSystemFields?.changeTag == saved.recordChangeTag)
        #expect(entry.cloudKitSystemFields?.creationDate == Date(timeIntervalSince1970: 1_800_000_000))
        entry.title = "v2"
        let record = entry.makeRecord()
        #expect(record.recordChangeTag == saved.recordChangeTag)
        #expect(record.creationDate == saved.creationDate)
        let resaved = try database.save(record)
        #expect(try JournalEntry(record: resaved).title == "v2")
        #expect(resaved.recordChangeTag != saved.recordChangeTag)
    }

    @Test func aStaleModelConflicts() throws {
        let saved = try database.save(JournalEntry(title: "v1", createdAt: Date(timeIntervalSince1970: 0)).makeRecord())
        let first = try JournalEntry(record: saved)
        var second = first
        second.title = "from another device"
        let current = try database.save(second.makeRecord())
        // CloudKit's conflict error: the server's current record, the client's, and the version both started from.
        let error = try #require(throws: CKError.self) { try database.save(first.makeRecord()) }
        #expect(error.code == .serverRecordChanged)
        #expect(error.serverRecord?.recordChangeTag == current.recordChangeTag)
        #expect(error.ancestorRecord?.recordChangeTag == saved.recordChangeTag)
        #expect(error.clientRecord?.recordID == first.recordID.ckRecordID)
    }

    @Test func aModelWithoutSystemFieldsCannotOverwriteTheServerCopy() throws {
        let saved = try database.save(JournalEntry(title: "v1", createdAt: Date(timeIntervalSince1970: 0)).makeRecord())
        var entry = try JournalEntry(record: saved)
        entry.cloudKitSystemFields = nil
        let error = try #require(throws: CKError.self) { try database.save(entry.makeRecord()) }
        #expect(error.code == .serverRecordChanged && error.ancestorRecord == nil)
    }

    @Test func fieldsTheModelDoesNotKnowSurviveASave() throws {
        let record = JournalEntry(title: "v1", createdAt: Date(timeIntervalSince1970: 0)).makeRecord()
        record["addedByANewerAppVersion"] = "kept"
        var entry = try JournalEntry(record: try database.save(record))
        entry.title = "v2"
        _ = try database.save(entry.makeRecord())
        let server = try #require(database.fetch(record.recordID))
        #expect(stored("addedByANewerAppVersion", in: server) as? String == "kept")
        #expect(stored("title", in: server) as? String == "v2")
    }

    @Test func systemFieldsOfAnotherRecordAreIgnored() throws {
        let saved = try database.save(JournalEntry(createdAt: Date(timeIntervalSince1970: 0)).makeRecord())
        var entry = try JournalEntry(record: saved)
        entry.recordID = JournalEntry.ID(recordName: "a-copy")
        let record = entry.makeRecord()
        #expect(record.recordID.recordName == "a-copy")
        #expect(record.recordChangeTag == nil)
        // A copy is a new record: it gets every value, not only the ones set since the model was read.
        #expect(Set(record.changedKeys()) == ["createdAt", "mood", "isFavorite"])
    }

    @Test func corruptSystemFieldsGiveANewRecord() throws {
        var entry = JournalEntry(createdAt: Date(timeIntervalSince1970: 0))
        entry.cloudKitSystemFields = CloudKitSchema.SystemFields(changeTag: "tag", creationDate: nil,
                                                                 modificationDate: nil,
                                                                 archive: Data("not an archive".utf8))
        let record = entry.makeRecord()
        #expect(record.recordChangeTag == nil)
        #expect(record.recordID.recordName == entry.recordID.recordName)
    }

    @Test func systemFieldsRoundTripThroughTheModel() throws {
        let saved = try database.save(JournalEntry(createdAt: Date(timeIntervalSince1970: 0)).makeRecord())
        var entry = try JournalEntry(record: saved)
        // Writing every field gives back the model, system fields included.
        entry.cloudKitChanges.markChanged(JournalEntry.FieldKey.allCases)
        #expect(try JournalEntry(record: entry.makeRecord()) == entry)
        // Unchanged, the record carries the system fields and no field at all.
        let unchanged = try JournalEntry(record: saved).makeRecord()
        #expect(unchanged.recordChangeTag == saved.recordChangeTag)
        #expect(unchanged.changedKeys().isEmpty)
    }
}
#endif
