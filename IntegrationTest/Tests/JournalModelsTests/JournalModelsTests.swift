import Foundation
@testable import JournalModels
import Testing

/// Uses the models the build plugin generated from the example schema (internal by default, hence
/// `@testable`).
@Suite struct JournalModelsTests {
    @Test func modelsCarryTheSchema() {
        #expect(JournalEntry.recordType == "JournalEntry")
        #expect(JournalEntry.FieldKey.allCases.map(\.rawValue)
            == ["title", "body", "mood", "createdAt", "modifiedAt", "isFavorite", "category", "tags", "place"])
        #expect(JournalEntry.Mood.knownCases.map(\.rawValue) == ["happy", "neutral", "sad", "excited", "anxious"])
    }

    @Test func defaultsAndReferencesAreTyped() {
        let category = Category(name: "Travel")
        let entry = Journal.entry(titled: "Day one", in: category)
        #expect(entry.mood == .neutral)
        #expect(entry.isFavorite == false)
        #expect(entry.category == category.recordID)
        #expect(category.sortOrder == 0)
    }

    @Test func modelsRoundTripThroughJSON() throws {
        let entry = JournalEntry(title: "Hello", body: "secret", mood: .unrecognized("elated"),
                                 createdAt: Date(timeIntervalSince1970: 1_000),
                                 modifiedAt: Date(timeIntervalSince1970: 2_000), tags: ["a"],
                                 place: CloudKitSchema.Location(latitude: 1, longitude: 2,
                                                                timestamp: Date(timeIntervalSince1970: 5)))
        let decoded = try JSONDecoder().decode(JournalEntry.self, from: JSONEncoder().encode(entry))
        #expect(decoded == entry)
    }

    #if canImport(CloudKit)
    @Test func modelsRoundTripThroughRecords() throws {
        let image = EntryImage(entry: JournalEntry.ID(recordName: "e"), imageAsset: URL(fileURLWithPath: "/tmp/a.heic"))
        #expect(try EntryImage(record: image.makeRecord()) == image)
    }
    #endif
}
