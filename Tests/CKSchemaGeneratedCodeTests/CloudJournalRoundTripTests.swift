#if canImport(CloudKit)
import CloudKit
import CoreLocation
import Foundation
import Testing

/// Round trips through the generated CloudJournal models: model → record → model is the identity, and each
/// value is stored the way the schema says.
@Suite struct CloudJournalRoundTripTests {
    static let created = Date(timeIntervalSince1970: 1_700_000_000.25)

    static func fullEntry() -> JournalEntry {
        JournalEntry(
            recordID: JournalEntry.ID(recordName: "entry-1", zoneName: "Journal", ownerName: "owner"),
            title: "First day", body: "Dear diary", mood: .excited, createdAt: created, modifiedAt: created,
            isFavorite: true,
            category: Category.ID(recordName: "category-1", zoneName: "Journal", ownerName: "owner"),
            tags: ["a", "b"],
            place: CloudKitSchema.Location(latitude: 52.5, longitude: 13.4, altitude: 34, horizontalAccuracy: 5,
                                           verticalAccuracy: 3, course: 90, speed: 1.5,
                                           timestamp: Date(timeIntervalSince1970: 1_700_000_100))
        )
    }

    @Test func journalEntryRoundTripsWithEveryField() throws {
        let entry = Self.fullEntry()
        #expect(try JournalEntry(record: entry.makeRecord()) == entry)
    }

    @Test func journalEntryRoundTripsWithOnlyRequiredFields() throws {
        let entry = JournalEntry(createdAt: Self.created, modifiedAt: Self.created)
        let record = entry.makeRecord()
        #expect(try JournalEntry(record: record) == entry)
        #expect(record.object(forKey: "title") == nil)
        #expect(entry.isFavorite == false)
        #expect(entry.mood == .neutral)
    }

    @Test func otherModelsRoundTrip() throws {
        let category = Category(name: "Travel", colorHex: "#ff0000", icon: "airplane", sortOrder: 3, isArchived: true)
        #expect(try Category(record: category.makeRecord()) == category)
        let image = EntryImage(entry: JournalEntry.ID(recordName: "e"), imageAsset: URL(fileURLWithPath: "/tmp/photo.heic"),
                               caption: "Sunset", sortOrder: 2, width: 4032, height: 3024, takenAt: Self.created)
        #expect(try EntryImage(record: image.makeRecord()) == image)
        let published = PublishedEntry(title: "Hello", excerpt: "World", body: "All of it", mood: "happy", publishedAt: Self.created, authorName: "Ann",
                                       isHidden: true)
        #expect(try PublishedEntry(record: published.makeRecord()) == published)
        let user = Users(recordID: Users.ID(recordName: "_abc"), roles: [1, 2])
        #expect(try Users(record: user.makeRecord()) == user)
    }

    @Test func valuesAreStoredAsTheSchemaSays() throws {
        let record = Self.fullEntry().makeRecord()
        #expect(record.recordType == "JournalEntry")
        #expect(record.recordID.recordName == "entry-1")
        #expect(record.recordID.zoneID.zoneName == "Journal")
        #expect(record.recordID.zoneID.ownerName == "owner")
        #expect(stored("isFavorite", in: record) as? Int64 == 1)
        #expect(stored("mood", in: record) as? String == "excited")
        #expect(stored("tags", in: record) as? [String] == ["a", "b"])
        // Encrypted fields live in encryptedValues only.
        #expect(record.object(forKey: "body") == nil)
        #expect(stored("body", in: record.encryptedValues) as? String == "Dear diary")
        #expect(record.object(forKey: "place") is CLLocation)
        let reference = try #require(record.object(forKey: "category") as? CKRecord.Reference)
        #expect(reference.recordID.recordName == "category-1")
        #expect(reference.action == .none)
        let image = EntryImage(entry: JournalEntry.ID(recordName: "e"), imageAsset: URL(fileURLWithPath: "/tmp/p.heic"))
        let imageRecord = image.makeRecord()
        #expect((imageRecord.object(forKey: "entry") as? CKRecord.Reference)?.action == .deleteSelf)
        #expect((imageRecord.object(forKey: "imageAsset") as? CKAsset)?.fileURL == URL(fileURLWithPath: "/tmp/p.heic"))
        #expect(imageRecord.object(forKey: "width") == nil)
    }

    @Test func falseIsStoredAsZero() throws {
        var entry = Self.fullEntry()
        entry.isFavorite = false
        let record = entry.makeRecord()
        #expect(stored("isFavorite", in: record) as? Int64 == 0)
        #expect(try JournalEntry(record: record).isFavorite == false)
    }

    @Test func absentFieldsTakeTheirDefaults() throws {
        let record = CKRecord(recordType: "JournalEntry")
        record["createdAt"] = Self.created
        record["modifiedAt"] = Self.created
        #expect(try JournalEntry(record: record).mood == .neutral)
        #expect(try JournalEntry(record: record).isFavorite == false)
        let category = CKRecord(recordType: "Category")
        category["name"] = "Work"
        #expect(try Category(record: category).sortOrder == 0)
        #expect(try Category(record: category).isArchived == false)
    }

    @Test func unknownEnumValuesAreKeptAndWrittenBack() throws {
        let record = CKRecord(recordType: "JournalEntry")
        record["createdAt"] = Self.created
        record["modifiedAt"] = Self.created
        record["mood"] = "furious"
        let entry = try JournalEntry(record: record)
        #expect(entry.mood == .unrecognized("furious"))
        #expect(stored("mood", in: entry.makeRecord()) as? String == "furious")
        #expect(JournalEntry.Mood(rawValue: "sad") == .sad)
        #expect(JournalEntry.Mood.knownCases.map(\.rawValue) == ["happy", "neutral", "sad", "excited", "anxious"])
    }

    @Test func fieldKeysNameTheCloudKitFields() {
        #expect(JournalEntry.FieldKey.allCases.map(\.rawValue)
            == ["title", "body", "mood", "createdAt", "modifiedAt", "isFavorite", "category", "tags", "place"])
        #expect(JournalEntry.recordType == "JournalEntry")
    }

    @Test func modelsEncodeAndDecodeAsJSON() throws {
        let entry = Self.fullEntry()
        let data = try JSONEncoder().encode(entry)
        #expect(try JSONDecoder().decode(JournalEntry.self, from: data) == entry)
    }
}
#endif
