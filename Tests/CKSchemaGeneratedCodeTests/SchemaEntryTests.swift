import Foundation
import Testing
#if canImport(CloudKit)
import CloudKit
#endif

/// The schema entry point: the record types and where they live, zones in new IDs, and (with CloudKit)
/// `AnyModel`, which reads a record of any type into its model and keeps records of other types.
@Suite struct SchemaEntryTests {
    @Test func recordTypesListEveryTypeWithItsDatabaseAndZone() {
        #expect(CloudKitSchema.recordTypes.map(\.name)
            == ["Category", "EntryImage", "JournalEntry", "PublishedEntry", "cloudkit.share", "Users"])
        #expect(CloudKitSchema.recordTypes.first { $0.name == "JournalEntry" }
            == CloudKitSchema.RecordTypeDescription(name: "JournalEntry", database: .private, zoneName: "JournalZone"))
        #expect(CloudKitSchema.recordTypes.first { $0.name == "PublishedEntry" }?.zoneName == nil)
        #expect(CloudKitSchema.recordTypes.first { $0.name == "PublishedEntry" }?.database == .public)
        #expect(EdgeCaseSchema.recordTypes.first { $0.name == "CD_Item" }?.database == nil)
    }

    @Test func modelsKnowTheirDatabaseAndZoneAndCreateIDsThere() {
        #expect(JournalEntry.cloudKitDatabase == .private)
        #expect(JournalEntry.cloudKitZoneName == "JournalZone")
        #expect(JournalEntry(createdAt: Date()).recordID.zoneName == "JournalZone")
        #expect(PublishedEntry.cloudKitZoneName == nil)
        #expect(PublishedEntry(title: "t", publishedAt: Date()).recordID.zoneName == "_defaultZone")
        #expect(Item.cloudKitDatabase == nil)
    }

    #if canImport(CloudKit)
    @Test func anyRecordReadsIntoItsModel() throws {
        let entry = CloudJournalRoundTripTests.fullEntry()
        guard case .journalEntry(let read) = try CloudKitSchema.AnyModel(record: entry.makeRecord()) else {
            Issue.record("a JournalEntry record did not read as .journalEntry")
            return
        }
        #expect(read == entry)
        let category = Category(name: "Work")
        guard case .category(let readCategory) = try CloudKitSchema.AnyModel(record: category.makeRecord()) else {
            Issue.record("a Category record did not read as .category")
            return
        }
        #expect(readCategory == category)
        #expect(try CloudKitSchema.AnyModel(record: category.makeRecord()).makeRecord().recordType == "Category")
    }

    @Test func recordsOfOtherTypesAreKept() throws {
        for type in ["cloudkit.share", "AddedLater"] {
            let record = CKRecord(recordType: type)
            guard case .unknown(let kept) = try CloudKitSchema.AnyModel(record: record) else {
                Issue.record("a '\(type)' record was not kept as .unknown")
                continue
            }
            #expect(kept === record)
            #expect(try CloudKitSchema.AnyModel(record: record).makeRecord() === record)
        }
    }

    @Test func aRecordThatDoesNotReadThrows() {
        #expect(throws: CloudKitSchema.RecordError.missingField(recordType: "JournalEntry", field: "createdAt")) {
            try CloudKitSchema.AnyModel(record: CKRecord(recordType: "JournalEntry"))
        }
    }

    @Test func aTypeNamedLikeTheUnknownCaseGetsItsOwnCase() throws {
        let record = CKRecord(recordType: "Unknown")
        guard case .unknownRecord(let model) = try EdgeCaseSchema.AnyModel(record: record) else {
            Issue.record("an 'Unknown' record did not read as .unknownRecord")
            return
        }
        #expect(model.cloudkitNote == nil)
    }
    #endif
}
