import CKSchemaCore
import CKSchemaValidation
import Testing

/// Malformed input ends in bounded time with located findings, never a crash; NDJSON goes on after a bad
/// line. Each case here is a deliberate decision documented in docs/validate.md.
@Suite struct BadInputTests {
    @Test func aBadNDJSONLineIsReportedAndTheRestIsStillChecked() throws {
        let text = [
            Fixtures.note(name: "a"),
            #"{"recordName":"b","recordType":"Note","fields":{"title":{"value":"t"}"#,
            Fixtures.note(#""count":{"value":"x"}"#, name: "c"),
        ].joined(separator: "\n") + "\n"
        let result = Fixtures.validate(text)
        #expect(result.diagnostics.map(\.id) == [.jsonSyntax, .recordValueTypeMismatch])
        let syntax = result.diagnostics[0]
        #expect(syntax.location == SourceLocation(file: "records.json", line: 2, column: 70))
        #expect(syntax.record?.index == 1)
        #expect(syntax.record?.recordName == "b")
        #expect(syntax.message == "expected ',' or '}', found the end of the input")
        #expect(result.diagnostics[1].location?.line == 3)
        #expect(result.diagnostics[1].record?.index == 2)
        #expect(result.recordCount == 3)
        #expect(result.invalidRecordCount == 2)
    }

    @Test func aTruncatedArrayEndsWithOneLocatedError() {
        let result = Fixtures.validate("[" + Fixtures.note() + ",\n" + #"{"recordName":"b","recordTy"#)
        #expect(result.diagnostics.map(\.id) == [.jsonSyntax])
        #expect(result.diagnostics.first?.location?.line == 2)
        #expect(result.diagnostics.first?.record?.index == 1)
        #expect(result.recordCount == 2)
    }

    @Test func anUnclosedArrayIsReported() {
        let result = Fixtures.validate("[" + Fixtures.note())
        #expect(result.diagnostics.map(\.message) == ["the records array is not closed before the end of the input"])
    }

    @Test func binaryJunkStopsAtTheFirstByte() {
        var generator = SystemRandomNumberGenerator()
        let junk = [0xFF, 0x00] + (0..<100_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let result = RecordValidator(schema: Fixtures.notes).validate(junk, name: "junk.bin")
        #expect(result.diagnostics.map(\.id) == [.jsonSyntax])
        #expect(result.diagnostics.first?.location == SourceLocation(file: "junk.bin", line: 1, column: 1))
    }

    @Test func junkInsideAnNDJSONLineIsInvalidUTF8() {
        let bytes = Array(Fixtures.note().utf8) + [0x0A] + Array(#"{"recordName":"x"#.utf8) + [0xC0, 0x80] + Array(#""}"#.utf8)
        let result = RecordValidator(schema: Fixtures.notes).validate(bytes, name: "r.ndjson")
        #expect(result.diagnostics.map(\.id) == [.jsonSyntax])
        #expect(result.diagnostics.first?.message == "invalid UTF-8 byte byte 0xC0")
        #expect(result.diagnostics.first?.location == SourceLocation(file: "r.ndjson", line: 2, column: 17))
    }

    @Test(arguments: [100_000, 600])
    func deepNestingIsRefusedWithoutRecursion(_ depth: Int) {
        let nested = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let text = Fixtures.note(#""tags":{"value":"# + nested + "}") + "\n" + Fixtures.note(#""count":{"value":"x"}"#)
        // The outer list holds a list where strings belong; reading on, the nesting is refused.
        #expect(Fixtures.ids(text) == [.recordValueTypeMismatch, .jsonTooDeep, .recordValueTypeMismatch])
        let unknown = #"{"recordName":"a","recordType":"Note","fields":{"title":{"value":"t"}},"pluginFields":"#
            + String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth) + "}"
        #expect(Fixtures.ids(unknown) == [.jsonTooDeep])
        let array = String(repeating: "[", count: depth)
        #expect(Fixtures.ids(array).first == .recordInvalidStructure)
    }

    @Test func surrogatePairsAreDecodedAndLoneHalvesReported() {
        #expect(Fixtures.ids(Fixtures.note(#""tags":{"value":["\ud83d\ude00","\u00e9\u4e2d"]}"#)).isEmpty)
        #expect(Fixtures.ids(Fixtures.note(#""tags":{"value":["\ud83d"]}"#)) == [.jsonLoneSurrogate])
        #expect(Fixtures.ids(Fixtures.note(#""tags":{"value":["\ude00x"]}"#)) == [.jsonLoneSurrogate])
        #expect(Fixtures.ids(Fixtures.note(#""tags":{"value":["\ud83d\u0041"]}"#)) == [.jsonLoneSurrogate])
        #expect(Fixtures.ids(Fixtures.note(#""tags":{"value":["\u12"]}"#)) == [.jsonSyntax])
    }

    @Test func escapedNamesMeanTheirDecodedText() {
        let record = #"{"recordName":"a","recordType":"\u004eote","fields":{"t\u0069tle":{"value":"t"},"count":{"value":1}}}"#
        #expect(Fixtures.ids(record).isEmpty)
    }

    @Test func duplicateKeysAreReportedWhereTheValidatorReadsThem() {
        #expect(Fixtures.ids(Fixtures.note(extra: #","recordName":"b""#)) == [.jsonDuplicateKey])
        #expect(Fixtures.ids(Fixtures.note(#""title":{"value":"again"}"#)) == [.jsonDuplicateKey])
        #expect(Fixtures.ids(Fixtures.note(#""count":{"value":1,"value":2}"#)) == [.jsonDuplicateKey])
        #expect(Fixtures.ids(Fixtures.note(#""place":{"value":{"latitude":1,"latitude":2,"longitude":3}}"#))
            == [.jsonDuplicateKey])
        // Inside values ckschema does not interpret, repeated keys are left alone.
        #expect(Fixtures.ids(Fixtures.note(extra: #","created":{"a":1,"a":2}"#)).isEmpty)
    }

    @Test(arguments: [
        (#""score":{"value": NaN}"#, "expected a JSON value, found 'N'"),
        (#""count":{"value": 01}"#, "expected ',' or '}', found '1'"),
        (#""score":{"value": 1.}"#, "invalid number"),
        ("\"tags\":{\"value\": [\"a\tb\"]}", "control character byte 0x09 must be escaped in a string"),
        (#""tags":{"value": ["a\qb"]}"#, "invalid escape sequence in a string"),
        (#""ratings":{"value": [1,]}"#, "expected a JSON value, found ']'"),
        (#""count":{"value": tru}"#, "expected a JSON value, found 't'"),
    ])
    func malformedValuesAreSyntaxErrors(_ fields: String, _ message: String) {
        let result = Fixtures.validate(Fixtures.note(fields))
        #expect(result.diagnostics.map(\.id) == [.jsonSyntax])
        #expect(result.diagnostics.first?.message == message)
    }

    @Test func contentAfterARecordOnItsLineIsAnError() {
        #expect(Fixtures.ids(Fixtures.note() + " x") == [.jsonSyntax])
        #expect(Fixtures.ids(Fixtures.note() + "\n" + Fixtures.note() + "}") == [.jsonSyntax])
        #expect(Fixtures.ids("[" + Fixtures.note() + "] []") == [.jsonSyntax])
    }

    @Test func topLevelValuesThatAreNotRecords() {
        #expect(Fixtures.ids("42") == [.jsonSyntax])
        #expect(Fixtures.ids(#"[1, "x", null]"#) == [.recordInvalidStructure, .recordInvalidStructure, .recordInvalidStructure])
        #expect(Fixtures.ids(#"{"records": 5}"#) == [.jsonSyntax])
        #expect(Fixtures.ids("[" + Fixtures.note() + ",]") == [.jsonSyntax])
    }

    @Test func emptyInputIsAWarning() {
        for text in ["", "  \n\n", "[]", #"{"records":[]}"#] {
            let result = Fixtures.validate(text)
            #expect(result.diagnostics.map(\.id) == [.recordFileEmpty], "\(text)")
            #expect(result.isValid)
        }
    }
}
