import CKSchemaCore
import CKSchemaValidation
import Testing

/// Strings are scanned 32 and 16 bytes at a time, and a one-line body's columns counted 64 ASCII bytes at a
/// time: whatever needs attention (a quote, an escape, a control character, a non-ASCII byte) must be found
/// at its exact byte wherever it falls in those blocks, and every column must count it as before.
@Suite struct VectorScanTests {
    /// `length` plain bytes with `special` at `offset` (any of 0...length).
    static func title(_ length: Int, _ special: String, at offset: Int) -> String {
        String(repeating: "a", count: offset) + special + String(repeating: "b", count: length - offset)
    }

    /// A record whose title is `title`, then a value finding after it (its column shows the scan's count).
    static func record(_ title: String) -> String {
        #"{"recordName":"n","recordType":"Note","fields":{"title":{"value":""# + title + #""},"count":{"value":"x"}}}"#
    }

    /// Where the title's value starts in `record` (column of its first byte).
    static let titleColumn = #"{"recordName":"n","recordType":"Note","fields":{"title":{"value":""#.count + 1

    @Test(arguments: [0, 1, 7, 8, 15, 16, 17, 31, 32, 33, 47, 63, 64, 65, 70])
    func attentionBytesAreFoundAtEveryOffset(_ offset: Int) {
        let length = 72
        // A raw control character and a byte that is not UTF-8: located exactly.
        for special in ["\u{01}", "\u{1F}"] {
            let found = Fixtures.validate(Self.record(Self.title(length, special, at: offset))).diagnostics
            #expect(found.map(\.id) == [.jsonSyntax], "\(offset)")
            #expect(found.first?.location?.column == Self.titleColumn + offset, "\(offset)")
        }
        var bytes = Array(Self.record(Self.title(length, "?", at: offset)).utf8)
        bytes[bytes.firstIndex(of: UInt8(ascii: "?"))!] = 0xFF
        let invalid = RecordValidator(schema: Fixtures.notes, options: ValidationOptions(parallelism: 1))
            .validate(bytes, name: "records.json").diagnostics
        #expect(invalid.map(\.id) == [.jsonSyntax])
        #expect(invalid.first?.location?.column == Self.titleColumn + offset)
        // An escaped quote, a backslash, a multi-byte character: read on, the next finding's column counts
        // scalars (as many as in the same record with that many ASCII letters); a lone surrogate is reported
        // at its escape.
        for (special, scalars) in [(#"\""#, 2), (#"\\"#, 2), ("é", 1), ("😀", 1), ("日本", 2)] {
            let found = Fixtures.validate(Self.record(Self.title(length, special, at: offset))).diagnostics
            let ascii = Fixtures.validate(Self.record(Self.title(length, String(repeating: "c", count: scalars), at: offset)))
            #expect(found.map(\.id) == [.recordValueTypeMismatch], "\(special) \(offset)")
            #expect(found.first?.location == ascii.diagnostics.first?.location, "\(special) \(offset)")
        }
        let surrogate = Fixtures.validate(Self.record(Self.title(length, #"\ud800"#, at: offset))).diagnostics
        #expect(surrogate.first { $0.id == .jsonLoneSurrogate }?.location?.column == Self.titleColumn + offset)
    }

    /// A one-line body's columns, counted by the shares over ASCII runs and runs with multi-byte characters,
    /// are those of the same records one a line.
    @Test(arguments: [1, 2])
    func oneLineColumnsCountEveryScalar(_ parallelism: Int) {
        let records = (0..<300).map { index in
            let special = ["é", "😀", "a", "日本語"][index % 4]
            return Self.record(Self.title(index % 97, special, at: index % 89 % (index % 97 + 1)))
        }
        let oneLine = LayoutEquivalenceTests.Layout.make(records, head: "[", separator: ",", tail: "]")
        let ndjson = LayoutEquivalenceTests.Layout.make(records, head: "", separator: "\n", tail: "\n")
        let options = ValidationOptions(parallelism: parallelism, readBlockSize: 4096)
        let expected = LayoutEquivalenceTests.relative(Fixtures.validate(ndjson.text), ndjson) { _ in "" }
        let found = LayoutEquivalenceTests.relative(Fixtures.validate(oneLine.text, options: options), oneLine) { "/\($0)" }
        #expect(expected.count == records.count)
        #expect(found == expected)
    }
}
