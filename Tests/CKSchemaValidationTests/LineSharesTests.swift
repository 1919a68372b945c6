import CKSchemaCore
import CKSchemaValidation
import Testing

/// NDJSON blocks are split into records on all workers at once, each cutting its share of the block at line
/// feeds. The findings must be those of every line read on its own — the same lines, columns, indexes and
/// order — whatever the block size and the number of threads, so the lines hold what could mislead a split:
/// escaped line feeds, brackets and braces in strings, nested arrays, blank and whitespace-only lines, CRLF,
/// syntax errors and unbalanced records, multi-byte characters, lines longer than a block or than the limit.
@Suite struct LineSharesTests {
    /// Line `index` of the mix: a record, or now and then a blank line.
    static func line(_ index: Int) -> String {
        let name = "r\(index)"
        switch index % 17 {
        case 0:
            return Fixtures.note(#""tags":{"value":["a\nb\r\n","}{][","},{\n\"]","\\"]},"count":{"value":"x"}"#, name: name)
        case 1:
            return Fixtures.note(#""ratings":{"value":[1,[2,[3]],{"x":"]"}]}"#, name: name)
        case 2:
            return ""
        case 3:
            // A syntax error in the middle of a line (and of whatever share holds it).
            return #"{"recordName":"\#(name)","recordType":"Note","fields":{"title":{"value":"t",}},"count":{"value":1}}"#
        case 4:
            return Fixtures.note(#""title":{"value":"été 😀 日本"},"count":{"value":"é"}"#, name: name)
        case 5:
            return "   \t "
        case 6:
            // Unbalanced: it ends with its line, and the next line is a record again.
            return #"{"recordName":"\#(name)","recordType":"Note","fields":{"title":{"value":"t"}"#
        case 7:
            return Fixtures.note(#""tags":{"value":["\ud83d x"]}"#, name: name)
        case 8:
            return Fixtures.note(#""tags":{"value":[""# + String(repeating: "long ", count: 400) + #""]},"score":{"value":"s"}"#,
                                 name: name)
        case 9:
            // Longer than the record limit of `options`: reported unread.
            return Fixtures.note(#""tags":{"value":[""# + String(repeating: "huge ", count: 1000) + #""]}"#, name: name)
        case 10:
            return "  " + Fixtures.note(name: name, extra: #","feilds":{}"#)
        case 11:
            return Fixtures.note(#""unknown":{"value":1}"#, name: name)
        default:
            return Fixtures.note(#""tags":{"value":["plain \#(index)"]},"ratings":{"value":[\#(index)]}"#, name: name)
        }
    }

    /// What a test compares of a finding: all of it, the line and index as given (else its own).
    static func finding(_ diagnostic: Diagnostic, line: Int? = nil, index: Int? = nil) -> LayoutEquivalenceTests.RelativeFinding {
        LayoutEquivalenceTests.RelativeFinding(
            id: diagnostic.id, severity: diagnostic.severity, message: diagnostic.message,
            index: index ?? diagnostic.record?.index, recordName: diagnostic.record?.recordName,
            pointer: diagnostic.record?.pointer, line: line ?? diagnostic.location?.line,
            column: diagnostic.location?.column)
    }

    static let options = ValidationOptions(parallelism: 1, maximumRecordBytes: 4096)

    /// The findings of each record line validated alone (one line, no line feed: no share), moved to its
    /// line and index in the whole input.
    static func eachLineAlone(_ lines: [String], ending: String) -> [LayoutEquivalenceTests.RelativeFinding] {
        var findings: [LayoutEquivalenceTests.RelativeFinding] = []
        var index = 0
        for (number, line) in lines.enumerated() where !line.allSatisfy(\.isWhitespace) {
            // The line's own bytes, its carriage return included (`"\r\n"` is one `Character`: not `dropLast()`).
            let alone = Fixtures.validate(line + (ending == "\r\n" ? "\r" : ""), options: options)
            findings += alone.diagnostics.map { finding($0, line: number + 1, index: $0.record.map { _ in index }) }
            index += 1
        }
        return findings
    }

    @Test(arguments: ["\n", "\r\n"])
    func everySplitGivesTheFindingsOfEachLineAlone(_ ending: String) {
        let lines = (0..<600).map(Self.line)
        let expected = Self.eachLineAlone(lines, ending: ending)
        let recordCount = lines.filter { !$0.allSatisfy(\.isWhitespace) }.count
        #expect(Set(expected.map(\.id)).isSuperset(of: [
            .jsonSyntax, .recordValueTypeMismatch, .recordUnknownField, .recordUnknownKey, .jsonLoneSurrogate,
            .recordTooLarge,
        ]))
        // A blank final line, then one without a line feed, then none at all.
        for tail in [ending, ending + "  " + ending, ending + " \t", ""] {
            let text = lines.joined(separator: ending) + tail
            for (parallelism, blockSize) in [(1, 4096), (2, 4096), (3, 5003), (4, 7919), (2, 1 << 20), (2, 8 << 20)] {
                let options = ValidationOptions(parallelism: parallelism, readBlockSize: blockSize, maximumRecordBytes: 4096)
                let result = Fixtures.validate(text, options: options)
                let found = result.diagnostics.map { Self.finding($0) }
                #expect(found == expected, "\(parallelism) threads, blocks of \(blockSize), tail \(Array(tail.utf8))")
                #expect(result.recordCount == recordCount)
            }
        }
    }

    /// The syntax error of a record in the middle of a share is located where the record alone has it (the
    /// byte after the trailing comma, counted in scalars), on the record's line, with its index.
    @Test func aSyntaxErrorInAShareIsLocatedExactly() {
        let broken = #"{"recordName":"b","recordType":"Note","fields":{"title":{"value":"été",}}}"#
        var lines = (0..<400).map { Fixtures.note(name: "n\($0)") }
        lines[250] = broken
        let text = lines.joined(separator: "\n") + "\n"
        let alone = Fixtures.validate(broken)
        for parallelism in [1, 2, 3] {
            let result = Fixtures.validate(text, options: ValidationOptions(parallelism: parallelism, readBlockSize: 16_384))
            #expect(result.diagnostics.map(\.id) == [.jsonSyntax])
            #expect(result.diagnostics.first?.message == alone.diagnostics.first?.message)
            #expect(result.diagnostics.first?.location?.line == 251)
            #expect(result.diagnostics.first?.location?.column == alone.diagnostics.first?.location?.column)
            #expect(result.diagnostics.first?.location?.column == broken.unicodeScalars.count - 2)
            #expect(result.diagnostics.first?.record?.index == 250)
            #expect(result.recordCount == 400)
        }
    }
}
