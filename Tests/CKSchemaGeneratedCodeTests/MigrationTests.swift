#if os(Linux) && canImport(CloudKit)
@_spi(StandIn) import CloudKit
import Foundation
import Testing

/// Field migrations (`renamedFrom`, `replaces`) through the stand-in database: a record an older app version saved
/// (retired keys only) reads with its values and is migrated by the next save, which also writes the retired keys
/// back under `dualWrite`; partial fetches still write only what changed; conflicts treat a field and the one it
/// replaced as one.
@Suite struct MigrationTests {
    let database = StandInDatabase(clock: { Date(timeIntervalSince1970: 1_800_000_000) })
    static let zone = CKRecordZone.ID(zoneName: "Zone")

    /// A `Migrated` record as the previous app version saved it: every retired field, none of the new ones.
    static func oldVersionRecord(name: String = "m") -> CKRecord {
        let record = CKRecord(recordType: "Migrated", recordID: CKRecord.ID(recordName: name, zoneID: zone))
        record["isFavorite"] = Int64(1)
        record["oldTitle"] = "Trip"
        record.encryptedValues["secretOld"] = "hidden"
        record["stars"] = Int64(4)
        record["count"] = 2.6
        record["code"] = " 42 "
        record["amountText"] = "2.5"
        record["legacyID"] = Int64(7)
        record["priceValue"] = 1.5
        record["whenSeconds"] = 100.5
        record["takenAt"] = Date(timeIntervalSince1970: 200)
        record["ownerName"] = "owner"
        record["parent"] = CKRecord.Reference(recordID: CKRecord.ID(recordName: "parent", zoneID: zone), action: .none)
        record["tag"] = "travel"
        record["scores"] = [Int64(1), Int64(2)]
        record["level"] = Int64(3)
        return record
    }

    /// The new keys, each set by the first save after reading an old-version record.
    static let newKeys: Set<String> = ["starred", "title", "rating", "wholeCount", "codeNumber", "amount", "legacyKey",
                                       "priceText", "when", "takenSeconds", "owner", "parentName", "tags", "scoreValues",
                                       "levels"]
    /// The retired keys written back alongside (`dualWrite`), plain ones.
    static let dualWrittenKeys: Set<String> = ["isFavorite", "stars", "code", "amountText", "legacyID", "priceValue",
                                               "whenSeconds", "takenAt", "ownerName", "parent", "tag", "scores"]

    @Test func aRecordSavedByTheOldVersionReadsWithItsValues() throws {
        let model = try Migrated(record: Self.oldVersionRecord())
        #expect(model.starred == true)
        #expect(model.title == "Trip")
        #expect(model.secretNew == "hidden")
        #expect(model.rating == 4.0)
        #expect(model.wholeCount == 2)                                    // 2.6's integer part (lossy)
        #expect(model.codeNumber == 42)                                   // parsed, spaces around allowed
        #expect(model.amount == 2.5)
        #expect(model.legacyKey == "7")
        #expect(model.priceText == "1.5")
        #expect(model.when == Date(timeIntervalSince1970: 100.5))
        #expect(model.takenSeconds == 200)
        #expect(model.owner == Migrated.ID(recordName: "owner", zoneName: "Zone"))   // in the record's zone
        #expect(model.parentName == "parent")
        #expect(model.tags == ["travel"])
        #expect(model.scoreValues == [1, 2])
        #expect(model.levels == [3])
        // Every migrated field counts as set: the next save writes it.
        #expect(model.cloudKitChanges.changedKeys == Self.newKeys.union(["secretNew"]))
    }

    @Test func theNextSaveWritesTheNewKeysAndTheRetiredOnesUnderDualWrite() throws {
        let saved = try database.save(Self.oldVersionRecord())
        let record = try Migrated(record: saved).makeRecord()
        let encrypted: Set<String> = ["secretNew", "secretOld"]
        #expect(Set(record.changedKeys()).subtracting(encrypted) == Self.newKeys.union(Self.dualWrittenKeys))
        #expect(Set(record.encryptedValues.changedKeys()) == encrypted)
        #expect(record.encryptedValues["secretOld"] as? String == "hidden")
        let server = try database.save(record)
        // The values written back are the new ones converted: what older versions keep reading.
        #expect(server["stars"] as? Int64 == 4 && server["code"] as? String == "42")
        #expect(server["amountText"] as? String == "2.5" && server["legacyID"] as? Int64 == 7)
        #expect(server["priceValue"] as? Double == 1.5 && server["whenSeconds"] as? Double == 100.5)
        #expect(server["takenAt"] as? Date == Date(timeIntervalSince1970: 200))
        #expect((server["parent"] as? CKRecord.Reference)?.recordID == CKRecord.ID(recordName: "parent", zoneID: Self.zone))
        #expect(server["tag"] as? String == "travel")
        #expect(server["scores"] as? [Int64] == [1, 2])
        // Without dualWrite the retired value is left as the old version saved it.
        #expect(server["count"] as? Double == 2.6 && server["oldTitle"] as? String == "Trip")
        // Migrated: reading it again changes nothing, and saving writes nothing.
        let again = try Migrated(record: server)
        #expect(again.cloudKitChanges.changedKeys.isEmpty)
        #expect(again.makeRecord().changedKeys().isEmpty)
    }

    @Test func theNewFieldWinsOverTheRetiredOne() throws {
        let record = Self.oldVersionRecord()
        record["rating"] = 4.5
        record["title"] = "New title"
        let model = try Migrated(record: record)
        #expect(model.rating == 4.5 && model.title == "New title")
        #expect(!model.cloudKitChanges.isChanged(Migrated.FieldKey.rating))
    }

    @Test func aNewModelWritesBothKeysOfADualWrittenField() throws {
        let record = Migrated(starred: false, rating: 2.4, wholeCount: 1).makeRecord()
        #expect(record["starred"] as? Int64 == 0 && record["isFavorite"] as? Int64 == 0)
        #expect(record["rating"] as? Double == 2.4 && record["stars"] as? Int64 == 2)
        // A field without a value writes neither key.
        #expect(!record.changedKeys().contains("amount") && !record.changedKeys().contains("amountText"))
    }

    @Test func removingAValueRemovesBothKeys() throws {
        let saved = try database.save(try Migrated(record: Self.oldVersionRecord()).makeRecord())
        var model = try Migrated(record: saved)
        model.rating = nil
        let record = model.makeRecord()
        #expect(Set(record.changedKeys()) == ["rating", "stars"])
        let server = try database.save(record)
        #expect(server["rating"] == nil && server["stars"] == nil)
    }

    @Test func aPartialFetchFetchesTheRetiredKeyAndSavesOnlyWhatChanged() throws {
        let saved = try database.save(Self.oldVersionRecord())
        let keys = Migrated.allRecords().fetching([.rating]).ckDesiredKeys
        // The required field and, for records not migrated yet, the retired keys both read.
        #expect(keys.map(Set.init) == ["rating", "wholeCount", "stars", "count"])
        var model = try Migrated(record: try #require(database.fetch(saved.recordID, desiredKeys: keys)))
        #expect(model.rating == 4 && model.title == nil)
        model.rating = 5
        let record = model.makeRecord()
        // The edit (written back under dualWrite) and the required field the read migrated; nothing else.
        #expect(Set(record.changedKeys()) == ["rating", "stars", "wholeCount"])
        let server = try database.save(record)
        #expect(server["stars"] as? Int64 == 5 && server["oldTitle"] as? String == "Trip")
        #expect(server["code"] as? String == " 42 " && server["codeNumber"] == nil)   // not fetched: untouched
    }

    @Test func aPartialFetchWithoutTheFieldWritesNeitherKey() throws {
        let saved = try database.save(Self.oldVersionRecord())
        var model = try Migrated(record: try #require(database.fetch(saved.recordID, desiredKeys: ["wholeCount", "count", "level"])))
        model.levels = [9]
        #expect(Set(model.makeRecord().changedKeys()) == ["levels", "wholeCount"])
    }

    // MARK: - Conflicts

    /// A migrated record on the server, and two copies of it: one read by this app, one by an older version.
    func migratedRecord() throws -> (new: Migrated, old: CKRecord) {
        let saved = try database.save(try Migrated(record: Self.oldVersionRecord()).makeRecord())
        return (try Migrated(record: saved), try #require(database.fetch(saved.recordID)))
    }

    @Test func aConflictWhereThisDeviceWroteOnlyTheRetiredKeyMergesIntoTheNewField() throws {
        var (newApp, oldApp) = try migratedRecord()
        newApp.title = "Renamed"
        _ = try database.save(newApp.makeRecord())
        oldApp["stars"] = Int64(2)                     // the old version knows only `stars`
        let error = try #require(throws: CKError.self) { try database.save(oldApp) }
        let resolution = try #require(EdgeCaseSchema.resolveConflicts(in: error))
        let record = try #require(resolution.recordsToSave.first)
        #expect(resolution.conflictedFields[record.recordID] == [])
        let server = try database.save(record)
        let merged = try Migrated(record: server)
        #expect(merged.rating == 2 && server["stars"] as? Int64 == 2)
        #expect(merged.title == "Renamed")
    }

    @Test func aConflictWhereTheServerGotOnlyTheRetiredKeyMergesIntoTheNewField() throws {
        var (newApp, oldApp) = try migratedRecord()
        oldApp["stars"] = Int64(1)
        _ = try database.save(oldApp)                   // the server: `stars` changed, `rating` still 4
        newApp.title = "Renamed"
        let error = try #require(throws: CKError.self) { try database.save(newApp.makeRecord()) }
        let resolution = try #require(EdgeCaseSchema.resolveConflicts(in: error))
        let record = try #require(resolution.recordsToSave.first)
        #expect(Set(record.changedKeys()).isSuperset(of: ["rating", "title"]))
        let merged = try Migrated(record: try database.save(record))
        #expect(merged.rating == 1 && merged.title == "Renamed")
    }

    @Test func aConflictOverTheNewFieldOnBothSidesFollowsThePolicy() throws {
        var (phone, oldApp) = try migratedRecord()
        var laptop = try Migrated(record: oldApp)
        phone.rating = 3
        _ = try database.save(phone.makeRecord())
        laptop.rating = 5
        let error = try #require(throws: CKError.self) { try database.save(laptop.makeRecord()) }
        let resolution = try #require(EdgeCaseSchema.resolveConflicts(in: error))
        let record = try #require(resolution.recordsToSave.first)
        #expect(resolution.conflictedFields[record.recordID] == ["rating"])
    }

    // MARK: - Values that do not convert

    @Test func anUnparsableRetiredValueReadsAsNoValueAndIsLeftAsItIs() throws {
        let record = Self.oldVersionRecord()
        record["code"] = "forty-two"
        record["amountText"] = "NaN"
        record["ownerName"] = ""
        let saved = try database.save(record)
        let model = try Migrated(record: saved)
        #expect(model.codeNumber == nil && model.amount == nil && model.owner == nil)
        #expect(!model.cloudKitChanges.isChanged(Migrated.FieldKey.codeNumber))
        let server = try database.save(model.makeRecord())
        #expect(server["code"] as? String == "forty-two" && server["amountText"] as? String == "NaN")
    }

    @Test func aRequiredFieldWhoseRetiredValueDoesNotConvertDoesNotRead() throws {
        let record = Self.oldVersionRecord()
        record["count"] = Double.nan
        #expect(throws: EdgeCaseSchema.RecordError.self) { try Migrated(record: record) }
        record["count"] = nil
        #expect(throws: EdgeCaseSchema.RecordError.self) { try Migrated(record: record) }
        record["wholeCount"] = Int64(1)
        #expect(try Migrated(record: record).wholeCount == 1)
    }

    @Test func aRetiredValueOfTheWrongTypeIsAnError() throws {
        let record = Self.oldVersionRecord()
        record["stars"] = "four"
        #expect(throws: EdgeCaseSchema.RecordError.self) { try Migrated(record: record) }
    }
}
#endif
