import Foundation
import Testing

/// Typed queries build the `NSPredicate` format strings and arguments CloudKit expects. These run on every
/// platform: the predicate text is built outside `#if canImport(CloudKit)`.
@Suite struct TypedQueryTests {
    static let date = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func entriesInOneMoodNewestFirst() {
        let query = JournalEntry.query { $0.mood == .happy }
            .sorted { $0.modifiedAt.descending }
            .fetching([.title, .mood, .createdAt])
        #expect(query.predicate.format == "%K == %@")
        #expect(query.predicate.arguments == [.key("mood"), .string("happy")])
        #expect(query.sortDescriptors == [CloudKitSchema.SortDescriptor(key: "modifiedAt", ascending: false)])
        #expect(query.desiredKeys == [.title, .mood, .createdAt])
    }

    @Test func favourites() {
        let query = JournalEntry.query { $0.isFavorite == true }.sorted { $0.modifiedAt.descending }
        #expect(query.predicate.format == "%K == %@")
        #expect(query.predicate.arguments == [.key("isFavorite"), .int64(1)])
        #expect(query.desiredKeys == nil)
    }

    @Test func anEntrysImagesInOrder() {
        let entry = JournalEntry.ID(recordName: "entry-1", zoneName: "JournalZone", ownerName: "owner")
        let query = EntryImage.query { $0.entry == entry }.sorted { $0.sortOrder.ascending }
        #expect(query.predicate.format == "%K == %@")
        #expect(query.predicate.arguments
            == [.key("entry"), .recordID(recordName: "entry-1", zoneName: "JournalZone", ownerName: "owner")])
        #expect(query.sortDescriptors == [CloudKitSchema.SortDescriptor(key: "sortOrder", ascending: true)])
    }

    @Test func everyOperatorHasItsFormat() {
        let cases: [(CloudKitSchema.Predicate<JournalEntry>, String, [CloudKitSchema.QueryArgument])] = [
            (JournalEntry.query { $0.mood != .sad }.predicate, "%K != %@", [.key("mood"), .string("sad")]),
            (JournalEntry.query { $0.mood.isIn([.happy, .unrecognized("calm")]) }.predicate, "%K IN %@",
             [.key("mood"), .list([.string("happy"), .string("calm")])]),
            (JournalEntry.query { $0.title.beginsWith("Tr") }.predicate, "%K BEGINSWITH %@",
             [.key("title"), .string("Tr")]),
            (JournalEntry.query { $0.createdAt < Self.date }.predicate, "%K < %@", [.key("createdAt"), .date(Self.date)]),
            (JournalEntry.query { $0.createdAt <= Self.date }.predicate, "%K <= %@", [.key("createdAt"), .date(Self.date)]),
            (JournalEntry.query { $0.createdAt > Self.date }.predicate, "%K > %@", [.key("createdAt"), .date(Self.date)]),
            (JournalEntry.query { $0.createdAt >= Self.date }.predicate, "%K >= %@", [.key("createdAt"), .date(Self.date)]),
            (JournalEntry.query { $0.tags.contains("travel") }.predicate, "%K CONTAINS %@",
             [.key("tags"), .string("travel")]),
            (JournalEntry.query { $0.tags.containsAny(of: ["a", "b"]) }.predicate, "ANY %K IN %@",
             [.key("tags"), .list([.string("a"), .string("b")])]),
            (JournalEntry.query { $0.text(containsAnyOf: "beach sunset") }.predicate, "self CONTAINS %@",
             [.string("beach sunset")]),
            (JournalEntry.query { $0.text(containsAllOf: " beach  sunset ") }.predicate,
             "self CONTAINS %@ AND self CONTAINS %@", [.string("beach"), .string("sunset")]),
            (JournalEntry.query { $0.text(containsAllOf: "  ") }.predicate, "self CONTAINS %@", [.string("  ")]),
            (JournalEntry.query { $0.category == Category.ID(recordName: "c", zoneName: "z", ownerName: "o") }.predicate,
             "%K == %@", [.key("category"), .recordID(recordName: "c", zoneName: "z", ownerName: "o")]),
            (JournalEntry.query { $0.mood == .happy && $0.isFavorite == false && $0.createdAt > Self.date }.predicate,
             "%K == %@ AND %K == %@ AND %K > %@",
             [.key("mood"), .string("happy"), .key("isFavorite"), .int64(0), .key("createdAt"), .date(Self.date)]),
        ]
        for (predicate, format, arguments) in cases {
            #expect(predicate.format == format)
            #expect(predicate.arguments == arguments)
        }
    }

    @Test func systemFieldsGoByTheirRecordNames() {
        let id = JournalEntry.ID(recordName: "r", zoneName: "z", ownerName: "o")
        let byID = JournalEntry.query { $0.recordID == id && $0.creationDate >= Self.date }
            .sorted { $0.creationDate.ascending }.sorted { $0.modificationDate.descending }
        #expect(byID.predicate.format == "%K == %@ AND %K >= %@")
        #expect(byID.predicate.arguments == [.key("recordID"), .recordID(recordName: "r", zoneName: "z", ownerName: "o"),
                                             .key("creationDate"), .date(Self.date)])
        #expect(byID.sortDescriptors.map(\.key) == ["creationDate", "modificationDate"])
        let byAuthor = PublishedEntry.query { $0.creatorUserRecordID == Users.ID(recordName: "_u") }
        #expect(byAuthor.predicate.arguments
            == [.key("creatorUserRecordID"), .recordID(recordName: "_u", zoneName: "_defaultZone", ownerName: "__defaultOwner__")])
    }

    @Test func allRecordsIsTheTruePredicate() {
        let query = JournalEntry.allRecords().sorted { $0.createdAt.descending }
        #expect(query.predicate == CloudKitSchema.Predicate(format: "TRUEPREDICATE", arguments: []))
        #expect(query.sortDescriptors.count == 1)
    }

    @Test func locationsQueryByDistanceAndSortByIt() {
        let here = EdgeCaseSchema.Location(latitude: 52.5, longitude: 13.4)
        let query = Everything.query { $0.location.isWithin(kilometers: 10, of: here) }
            .sorted { $0.location.byDistance(from: here) }
        #expect(query.predicate.format == "distanceToLocation:fromLocation:(%K, %@) < %@")
        #expect(query.predicate.arguments == [.key("location"), .location(here), .double(10)])
        #expect(query.sortDescriptors == [EdgeCaseSchema.SortDescriptor(key: "location", ascending: true,
                                                                       relativeLocation: here)])
    }

    @Test func keysAreTheCloudKitNames() {
        let query = Item.query { $0.displayName == "n" && $0.isDone == true }.sorted { $0.creationDate.descending }
        #expect(query.predicate.arguments == [.key("CD_renamed"), .string("n"), .key("CD_isDone"), .int64(1)])
        #expect(query.sortDescriptors.map(\.key) == ["CD_creationDate"])
        let keywords = KeywordRecord.query { $0.firstName == "a" && $0.`class` == "b" }
        #expect(keywords.predicate.arguments == [.key("first-name"), .string("a"), .key("class"), .string("b")])
    }
}
