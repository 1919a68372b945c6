#if canImport(CloudKit)
import CloudKit
import Foundation
import Testing

/// `init(record:)` refuses records that do not match the schema with an error naming the field.
@Suite struct RecordErrorTests {
    static func entryRecord() -> CKRecord {
        let record = CKRecord(recordType: "JournalEntry")
        record["createdAt"] = Date(timeIntervalSince1970: 0)
        return record
    }

    @Test func wrongRecordType() {
        #expect(throws: CloudKitSchema.RecordError.wrongRecordType(expected: "JournalEntry", found: "Category")) {
            try JournalEntry(record: CKRecord(recordType: "Category"))
        }
    }

    @Test func missingRequiredField() {
        #expect(throws: CloudKitSchema.RecordError.missingField(recordType: "JournalEntry", field: "createdAt")) {
            try JournalEntry(record: CKRecord(recordType: "JournalEntry"))
        }
        #expect(throws: CloudKitSchema.RecordError.missingField(recordType: "EntryImage", field: "entry")) {
            try EntryImage(record: CKRecord(recordType: "EntryImage"))
        }
    }

    /// A stored value of the wrong type, as a Sendable test argument.
    enum Stored: Sendable, CustomStringConvertible {
        case string(String)
        case int64(Int64)
        case double(Double)
        case int64s([Int64])

        var value: any CKRecordValueProtocol {
            switch self {
            case .string(let value): value
            case .int64(let value): value
            case .double(let value): value
            case .int64s(let value): value
            }
        }

        var description: String { "\(value)" }
    }

    @Test(arguments: [
        ("createdAt", "TIMESTAMP", Stored.string("yesterday")),
        ("title", "STRING", .int64(3)),
        ("isFavorite", "INT64", .string("yes")),
        ("isFavorite", "INT64", .double(0.5)),
        ("mood", "STRING", .int64(1)),
        ("category", "REFERENCE", .string("Category/1")),
        ("tags", "LIST<STRING>", .int64s([1])),
        ("tags", "LIST<STRING>", .string("not a list")),
    ])
    func mistypedValue(field: String, expected: String, stored: Stored) {
        let record = Self.entryRecord()
        record[field] = stored.value
        #expect(throws: CloudKitSchema.RecordError.wrongValueType(recordType: "JournalEntry", field: field,
                                                                   expected: expected)) {
            try JournalEntry(record: record)
        }
    }

    @Test func mistypedEncryptedValue() {
        let record = Self.entryRecord()
        record.encryptedValues["body"] = Int64(7)
        #expect(throws: CloudKitSchema.RecordError.wrongValueType(recordType: "JournalEntry", field: "body",
                                                                   expected: "STRING")) {
            try JournalEntry(record: record)
        }
        let located = Self.entryRecord()
        located["place"] = "Berlin"
        #expect(throws: CloudKitSchema.RecordError.wrongValueType(recordType: "JournalEntry", field: "place",
                                                                   expected: "LOCATION")) {
            try JournalEntry(record: located)
        }
    }

    @Test func anEncryptedFieldStoredInThePlainIsNotRead() throws {
        let record = Self.entryRecord()
        record["body"] = "plain text"
        #expect(try JournalEntry(record: record).body == nil)
    }

    @Test func errorsDescribeTheFieldInWords() {
        let error = CloudKitSchema.RecordError.wrongValueType(recordType: "JournalEntry", field: "createdAt",
                                                              expected: "TIMESTAMP")
        #expect(error.description == "field 'createdAt' of 'JournalEntry' record does not hold a value of type TIMESTAMP")
        #expect(CloudKitSchema.RecordError.missingField(recordType: "A", field: "b").description
            == "'A' record has no value for required field 'b'")
    }
}
#endif
