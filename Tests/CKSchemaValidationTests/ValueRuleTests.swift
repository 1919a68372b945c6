import CKSchemaCore
import CKSchemaValidation
import Testing

/// One value of one field, and what validating it must report.
struct ValueCase: CustomTestStringConvertible, Sendable {
    let field: String
    let value: String
    let entry: String
    let expected: [DiagnosticID]

    init(_ field: String, _ value: String, entry: String = "", _ expected: [DiagnosticID] = []) {
        self.field = field
        self.value = value
        self.entry = entry
        self.expected = expected
    }

    var testDescription: String { "\(field): \(value) \(entry) → \(expected.map(\.rawValue))" }

    /// The NDJSON record holding the value.
    var record: String {
        Fixtures.note(#"""# + field + #"":{"value":"# + value + (entry.isEmpty ? "" : "," + entry) + "}")
    }
}

/// docs/cloudkit-facts.md §9 rule 32 (value kinds), 34 (asset size) and the YAML metadata, one value at a time,
/// valid and invalid.
@Suite struct ValueRuleTests {
    static let int64Cases: [ValueCase] = [
        ValueCase("count", "42"),
        ValueCase("count", "-9223372036854775808"),
        ValueCase("count", "9223372036854775807"),
        ValueCase("count", "9007199254740993"),
        ValueCase("count", #""9007199254740993""#),
        ValueCase("count", #""-12""#),
        ValueCase("count", "9223372036854775808", [.recordInt64OutOfRange]),
        ValueCase("count", "-9223372036854775809", [.recordInt64OutOfRange]),
        ValueCase("count", "123456789012345678901234567890", [.recordInt64OutOfRange]),
        ValueCase("count", #""99999999999999999999""#, [.recordInt64OutOfRange]),
        ValueCase("count", #""12a""#, [.recordValueTypeMismatch]),
        ValueCase("count", "1.5", [.recordInt64NotInteger]),
        ValueCase("count", "1e3", [.recordInt64NotInteger]),
        ValueCase("count", "true", [.recordValueTypeMismatch]),
        ValueCase("ratings", #"[1, 2, "3"]"#),
        ValueCase("ratings", "[1, 2.5]", [.recordInt64NotInteger]),
    ]

    static let doubleCases: [ValueCase] = [
        ValueCase("score", "0.55"),
        ValueCase("score", "3"),
        ValueCase("score", "-1.7e308"),
        ValueCase("score", #""2.5""#),
        ValueCase("score", "1e309", [.recordDoubleNotFinite]),
        ValueCase("score", String(repeating: "9", count: 400), [.recordDoubleNotFinite]),
        ValueCase("score", #""NaN""#, [.recordDoubleNotFinite]),
        ValueCase("score", #""-Infinity""#, [.recordDoubleNotFinite]),
        ValueCase("score", #""abc""#, [.recordValueTypeMismatch]),
        ValueCase("score", "[1]", [.recordValueTypeMismatch]),
        ValueCase("amount", "1"),
        ValueCase("amount", "2.5"),
        ValueCase("amount", #""x""#, [.recordValueTypeMismatch]),
        ValueCase("weight", "2.5"),
    ]

    static let timestampCases: [ValueCase] = [
        ValueCase("created", "1638605892474"),
        ValueCase("created", "-1000"),
        ValueCase("created", #""1638605892474""#),
        ValueCase("created", "1.5", [.recordTimestampInvalid]),
        ValueCase("created", "9000000000000000", [.recordTimestampInvalid]),
        ValueCase("created", #""2021-01-01""#, [.recordTimestampInvalid]),
        ValueCase("created", "{}", [.recordValueTypeMismatch]),
    ]

    static let bytesAndStringCases: [ValueCase] = [
        ValueCase("blob", #""aGVsbG8=""#),
        ValueCase("blob", #""aGVsbG8""#),
        ValueCase("blob", #""""#),
        ValueCase("blob", #""ab\/cdefg""#),
        ValueCase("blob", #""a""#, [.recordBytesInvalid]),
        ValueCase("blob", #""aGV$""#, [.recordBytesInvalid]),
        ValueCase("blob", #""aG=V""#, [.recordBytesInvalid]),
        ValueCase("blob", "5", [.recordValueTypeMismatch]),
        ValueCase("mood", "5", [.recordValueTypeMismatch]),
        ValueCase("tags", #"["a", "b"]"#),
        ValueCase("tags", "[]"),
        ValueCase("tags", #"["a", 1]"#, [.recordValueTypeMismatch]),
        ValueCase("tags", "[null]", [.recordValueTypeMismatch]),
        ValueCase("tags", #""a""#, [.recordValueTypeMismatch]),
        ValueCase("tags", "null"),
    ]

    static let dictionaryCases: [ValueCase] = [
        ValueCase("place", #"{"latitude": 37.3, "longitude": -122}"#),
        ValueCase("place", #"{"latitude": 0, "longitude": 0, "altitude": 12, "speed": 3, "course": 90, "timestamp": 1600000000000}"#),
        ValueCase("place", #"{"latitude": 91, "longitude": 0}"#, [.recordLocationInvalid]),
        ValueCase("place", #"{"latitude": 0, "longitude": -181}"#, [.recordLocationInvalid]),
        ValueCase("place", #"{"latitude": 0}"#, [.recordLocationInvalid]),
        ValueCase("place", #"{"latitude": "0", "longitude": 0}"#, [.recordLocationInvalid]),
        ValueCase("place", #"{"latitude": 0, "longitude": 0, "horizontalAccuracy": -1}"#, [.recordLocationSuspicious]),
        ValueCase("place", #"{"latitude": 0, "longitude": 0, "course": 400}"#, [.recordLocationSuspicious]),
        ValueCase("place", #"{"latitude": 0, "longitude": 0, "elevation": 1}"#, [.recordUnknownKey]),
        ValueCase("place", #""here""#, [.recordValueTypeMismatch]),
        ValueCase("folder", #"{"recordName": "f1", "action": "NONE"}"#),
        ValueCase("folder", #"{"recordName": "f1", "action": "VALIDATE"}"#),
        ValueCase("folder", #"{"recordName": "_4ab84f2560e93224e4c1b40e97b24ae5", "action": "DELETE_SELF"}"#),
        ValueCase("folder", #"{"recordName": "f1", "action": "NONE", "zoneID": {"zoneName": "_defaultZone"}}"#),
        ValueCase("folder", #"{"recordName": "", "action": "NONE"}"#, [.recordReferenceInvalid]),
        ValueCase("folder", #"{"action": "NONE"}"#, [.recordReferenceInvalid]),
        ValueCase("folder", #"{"recordName": "f1", "action": "deleteSelf"}"#, [.recordReferenceInvalid]),
        ValueCase("folder", #"{"recordName": "f1"}"#, [.recordReferenceInvalid]),
        ValueCase("folder", #"{"recordName": "f1", "action": "NONE", "zoneID": {"zoneName": "Other"}}"#,
                  [.recordReferenceCrossZone]),
        ValueCase("folder", #""f1""#, [.recordValueTypeMismatch]),
        ValueCase("attachments", #"[{"recordName": "a", "action": "DELETE_SELF"}, {"recordName": "b", "action": "NONE"}]"#),
        ValueCase("photo", #"{"fileChecksum": "Ae0A", "size": 1172645, "downloadURL": "https://example.com/${f}"}"#),
        ValueCase("photo", #"{"fileChecksum": "Ae0A", "size": -1, "downloadURL": "https://example.com/a"}"#, [.recordAssetInvalid]),
        ValueCase("photo", #"{"fileChecksum": 5, "size": 1, "downloadURL": "https://example.com/a"}"#, [.recordAssetInvalid]),
        ValueCase("photo", #"{"fileChecksum": "Ae0A", "size": 60000000, "downloadURL": "https://example.com/a"}"#,
                  [.recordAssetTooLarge]),
        ValueCase("photo", #""KEY""#, [.recordValueTypeMismatch]),
    ]

    static let metadataCases: [ValueCase] = [
        ValueCase("mood", #""happy""#),
        ValueCase("mood", #""h\u0061ppy""#),
        ValueCase("mood", #""angry""#, [.recordEnumValue]),
        ValueCase("isFavorite", "0"),
        ValueCase("isFavorite", "1"),
        ValueCase("isFavorite", "2", [.recordBoolValue]),
        ValueCase("isFavorite", "true", [.recordValueTypeMismatch]),
        ValueCase("secret", #""s""#, entry: #""isEncrypted": true"#),
        ValueCase("secret", #""s""#, [.recordEncryptionMismatch]),
        ValueCase("secret", #""s""#, entry: #""isEncrypted": false"#, [.recordEncryptionMismatch]),
        ValueCase("count", "1", entry: #""isEncrypted": true"#, [.recordEncryptionMismatch]),
        ValueCase("folder", #"{"recordName": "f1", "action": "NONE"}"#, entry: #""isEncrypted": true"#,
                  [.recordEncryptionMismatch]),
        ValueCase("count", "1", entry: #""isEncrypted": "yes""#, [.recordInvalidStructure]),
    ]

    static let typeTagCases: [ValueCase] = [
        ValueCase("count", "1", entry: #""type": "INT64""#),
        ValueCase("count", "1", entry: #""type": "STRING""#, [.recordTypeTagMismatch]),
        ValueCase("count", "1", entry: #""type": "BOOLEAN""#, [.recordTypeTagUnknown]),
        ValueCase("count", "1", entry: #""type": 5"#, [.recordInvalidStructure]),
        ValueCase("tags", #"["a"]"#, entry: #""type": "STRING_LIST""#),
        ValueCase("tags", #"["a"]"#, entry: #""type": "LIST""#),
        ValueCase("tags", #"["a"]"#, entry: #""type": "STRING""#, [.recordTypeTagMismatch]),
        ValueCase("photo", #"{"fileChecksum": "c", "size": 1, "downloadURL": "u"}"#, entry: #""type": "ASSETID""#),
        ValueCase("photo", #"{"fileChecksum": "c", "size": 1, "downloadURL": "u"}"#, entry: #""type": "ASSET""#),
        ValueCase("amount", "1", entry: #""type": "NUMBER_INT64""#),
        ValueCase("amount", "1.5", entry: #""type": "NUMBER_DOUBLE""#),
        ValueCase("weight", "1.5", entry: #""type": "DOUBLE""#),
        ValueCase("weight", "1", entry: #""type": "NUMBER_INT64""#, [.recordTypeTagMismatch]),
        ValueCase("secret", #""s""#, entry: #""type": "STRING", "isEncrypted": true"#),
    ]

    @Test(arguments: int64Cases + doubleCases + timestampCases)
    func numbers(_ valueCase: ValueCase) {
        #expect(Fixtures.ids(valueCase.record) == valueCase.expected)
    }

    @Test(arguments: bytesAndStringCases + dictionaryCases)
    func stringsListsAndDictionaries(_ valueCase: ValueCase) {
        #expect(Fixtures.ids(valueCase.record) == valueCase.expected)
    }

    @Test(arguments: metadataCases + typeTagCases)
    func metadataEncryptionAndTypeTags(_ valueCase: ValueCase) {
        #expect(Fixtures.ids(valueCase.record) == valueCase.expected)
    }

    @Test func findingsPointAtTheValueWithAJSONPointer() throws {
        let result = Fixtures.validate(Fixtures.note(#""ratings":{"value":[1,"x",3]}"#))
        let finding = try #require(result.diagnostics.first)
        #expect(finding.record == RecordReference(index: 0, recordName: "n1", pointer: "/fields/ratings/value/1"))
        #expect(finding.location == SourceLocation(file: "records.json", line: 1, column: 94))
        #expect(finding.subject == .field("Note", "ratings"))
        #expect(finding.severity == .error)
        #expect(result.invalidRecordCount == 1)
        #expect(result.recordCount == 1)
    }
}
