import CKSchemaCore
import CKSchemaValidation
import Testing

/// The layouts `validate` detects, and the pointers and locations each gives its findings.
@Suite struct InputLayoutTests {
    private let bad = Fixtures.note(#""count":{"value":"x"}"#, name: "b")

    @Test func aResponseObjectPointsIntoItsRecordsArray() throws {
        let text = "{\"records\" : [\n  " + Fixtures.note(name: "a") + ",\n  " + bad + "\n] }"
        let result = Fixtures.validate(text)
        let finding = try #require(result.diagnostics.first)
        #expect(result.diagnostics.count == 1)
        #expect(finding.record == RecordReference(index: 1, recordName: "b", pointer: "/records/1/fields/count/value"))
        #expect(finding.location?.line == 3)
        #expect(result.recordCount == 2)
    }

    @Test func responseMembersBesideRecordsAreSkipped() {
        let text = #"{"syncToken":"AQ\"x","records":["# + bad + #"],"moreComing":false,"zone":{"a":[1,{"b":2}]}}"#
        let result = Fixtures.validate(text)
        #expect(result.diagnostics.map(\.record?.pointer) == ["/records/0/fields/count/value"])
    }

    @Test func aBareArrayPointsAtItsElements() {
        let result = Fixtures.validate("[" + Fixtures.note() + ",\n" + bad + "]")
        #expect(result.diagnostics.map(\.record?.pointer) == ["/1/fields/count/value"])
        #expect(result.diagnostics.first?.location?.line == 2)
    }

    @Test func ndjsonRecordsAreDocumentsOfTheirOwn() {
        let text = Fixtures.note() + "\r\n\n   \n" + bad + "\n"
        let result = Fixtures.validate(text)
        #expect(result.diagnostics.map(\.record?.pointer) == ["/fields/count/value"])
        #expect(result.diagnostics.first?.record?.index == 1)
        #expect(result.diagnostics.first?.location?.line == 4)
        #expect(result.recordCount == 2)
    }

    @Test func aPrettyPrintedRecordIsOneDocument() throws {
        let text = """
            {
              "recordName": "a",
              "recordType": "Note",
              "fields": {
                "title": { "value": "été" }, "count": { "value": "x" }
              }
            }
            """
        let result = Fixtures.validate(text)
        let finding = try #require(result.diagnostics.first)
        #expect(finding.location == SourceLocation(file: "records.json", line: 5, column: 54))
        #expect(finding.record?.pointer == "/fields/count/value")
    }

    @Test func aByteOrderMarkIsSkipped() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(bad.utf8)
        let result = RecordValidator(schema: Fixtures.notes).validate(bytes)
        #expect(result.diagnostics.map(\.id) == [.recordValueTypeMismatch])
    }

    @Test func columnsCountUnicodeScalars() {
        let text = Fixtures.note(#""tags":{"value":["日本語"]},"count":{"value":"x"}"#)
        let column = Fixtures.validate(text).diagnostics.first?.location?.column
        let prefix = text.prefix { $0 != "x" }
        #expect(column == prefix.unicodeScalars.count)
    }
}

/// cktool `--fields-json` payloads, checked against `--record-type`.
@Suite struct CKToolPayloadTests {
    static let book = Schema(recordTypes: [
        RecordType(name: "Book", fields: [
            Field(name: "title", type: .string),
            Field(name: "pageCount", type: .int64),
            Field(name: "publishedOn", type: .timestamp),
            Field(name: "authorImage", type: .asset),
            Field(name: "covers", type: .list(.asset)),
            Field(name: "cover", type: .bytes),
            Field(name: "tags", type: .list(.string)),
        ]),
    ])

    private func ids(_ fields: String, type: String = "Book") -> [DiagnosticID] {
        Fixtures.ids("{" + fields + "}", schema: Self.book, options: Fixtures.cktool(type))
    }

    @Test(arguments: [
        (#""title": {"type": "stringType", "value": "The Mysterious Island"}"#, [DiagnosticID]()),
        (#""pageCount": {"type": "int64Type", "value": 1464}"#, []),
        (#""publishedOn": {"type": "timestampType", "value": "1875-09-12T21:12:42Z"}"#, []),
        (#""publishedOn": {"type": "timestampType", "value": "1860-12-01T03:23:07.415Z"}"#, []),
        (#""publishedOn": {"type": "timestampType", "value": "2021-06-01"}"#, []),
        (#""publishedOn": {"type": "timestampType", "value": "2021-06-01 10:00"}"#, []),
        (#""publishedOn": {"type": "timestampType", "value": "2021-06-01T10:00:00+02:00"}"#, []),
        (#""publishedOn": {"type": "timestampType", "value": "2020-02-29"}"#, []),
        (#""publishedOn": {"type": "timestampType", "value": "2021-02-29"}"#, [.recordTimestampInvalid]),
        (#""publishedOn": {"type": "timestampType", "value": "2021-13-01"}"#, [.recordTimestampInvalid]),
        (#""publishedOn": {"type": "timestampType", "value": "2021-06-01T25:00"}"#, [.recordTimestampInvalid]),
        (#""publishedOn": {"type": "timestampType", "value": "next Tuesday"}"#, [.recordTimestampUnrecognized]),
        (#""publishedOn": {"type": "timestampType", "value": 1600000000000}"#, [.recordValueTypeMismatch]),
        (#""authorImage": {"type": "assetType", "value": "AUTHOR_IMG"}"#, []),
        (#""authorImage": {"type": "assetType", "value": ""}"#, [.recordAssetInvalid]),
        (#""covers": {"type": "assetListType", "value": ["COVER_IMG_1", "COVER_IMG_2"]}"#, []),
        (#""tags": {"type": "stringListType", "value": ["Youth", "Jr High"]}"#, []),
        (#""cover": {"type": "bytesType", "value": "aGk="}"#, [.recordTypeTagUnverified]),
        (#""title": {"type": "STRING", "value": "x"}"#, [.recordTypeTagUnknown]),
        (#""title": {"type": "int64Type", "value": "x"}"#, [.recordTypeTagMismatch]),
        (#""title": {"value": "x"}"#, [.recordInvalidStructure]),
        (#""author": {"type": "stringType", "value": "x"}"#, [.recordUnknownField]),
    ])
    func payloadFields(_ fields: String, _ expected: [DiagnosticID]) {
        #expect(ids(fields) == expected)
    }

    @Test func pointersAndUnknownRecordTypes() {
        let result = Fixtures.validate(#"{"pageCount": {"type": "int64Type", "value": "x"}}"#, schema: Self.book,
                                       options: Fixtures.cktool("Book"))
        #expect(result.diagnostics.map(\.record?.pointer) == ["/pageCount/value"])
        #expect(ids(#""title": {"type": "stringType", "value": "x"}"#, type: "Magazine") == [.recordUnknownType])
    }
}
