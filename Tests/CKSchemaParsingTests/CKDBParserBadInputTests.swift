import CKSchemaCore
import CKSchemaParsing
import CKSchemaTestSupport
import Testing

/// Hostile input: the parser returns located diagnostics, never crashes, and finishes in linear time.
@Suite struct CKDBParserBadInputTests {
    /// Every diagnostic is a located error inside the file.
    private func expectLocatedErrors(_ parsed: ParsedSchema, in text: String) {
        #expect(!parsed.diagnostics.isEmpty)
        #expect(parsed.diagnostics.count <= 201)
        let lineCount = SourceFile(path: testPath, text: text).lineCount
        for diagnostic in parsed.diagnostics {
            #expect(diagnostic.severity == .error)
            guard let location = diagnostic.location else {
                Issue.record("unlocated diagnostic: \(diagnostic.message)")
                continue
            }
            #expect(location.line >= 1 && location.line <= max(lineCount, 1))
            #expect(location.column >= 1)
        }
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
    func randomValidUTF8JunkYieldsDiagnostics(_ seed: UInt64) {
        var random = SeededRandomNumberGenerator(seed: seed)
        let pieces = ["(", ")", "<", ">", ",", ";", "\"", "/*", "*/", "//", "--", "\n", " ", "\t", "é", "🎉", "\u{0}",
                      "RECORD", "TYPE", "LIST", "GRANT", "DEFINE", "SCHEMA", "x", "\u{FEFF}", "\r\n", "@", "-", "/"]
        var text = ""
        for _ in 0..<5_000 {
            if Bool.random(using: &random) {
                text += pieces[Int.random(in: 0..<pieces.count, using: &random)]
            } else {
                text.unicodeScalars.append(Unicode.Scalar(UInt8.random(in: 0...127, using: &random)))
            }
        }
        expectLocatedErrors(parseCKDB(text), in: text)
    }

    @Test func randomScalarsFromTheWholeUnicodeRangeYieldDiagnostics() {
        var random = SeededRandomNumberGenerator(seed: 99)
        var text = ""
        while text.unicodeScalars.count < 20_000 {
            if let scalar = Unicode.Scalar(UInt32.random(in: 0...0x10FFFF, using: &random)) {
                text.unicodeScalars.append(scalar)
            }
        }
        expectLocatedErrors(parseCKDB(text), in: text)
    }

    @Test func fiveThousandNestedParenthesesAreOneError() {
        let text = "DEFINE SCHEMA\nRECORD TYPE A " + String(repeating: "(", count: 5_000) + String(repeating: ")", count: 4_999) + ";"
        let parsed = parseCKDB(text)
        expectLocatedErrors(parsed, in: text)
        #expect(parsed.messages == ["expected a field or 'GRANT' in record type 'A', found '('"])
    }

    @Test func fiveThousandNestedListsAreOneError() {
        let text = "DEFINE SCHEMA\nRECORD TYPE A (x " + String(repeating: "LIST<", count: 5_000) + "STRING"
            + String(repeating: ">", count: 5_000) + ", y INT64);"
        let parsed = parseCKDB(text)
        #expect(parsed.messages == ["lists cannot be nested: field 'x' has 'LIST' inside 'LIST<…>'"])
        #expect(parsed.schema.recordTypes.first?.fields == [Field(name: "y", type: .int64)])
    }

    @Test func fiveThousandAngleBracketsAreOneError() {
        let text = "DEFINE SCHEMA\nRECORD TYPE A (x " + String(repeating: "<", count: 5_000) + ");"
        expectLocatedErrors(parseCKDB(text), in: text)
        #expect(parseCKDB(text).diagnostics.count == 1)
    }

    @Test func aOneMegabyteLineOfFieldsParses() {
        var items: [String] = []
        var length = 0
        while length < 1_000_000 {
            let item = "field\(items.count) STRING QUERYABLE"
            length += item.utf8.count + 2
            items.append(item)
        }
        let text = "DEFINE SCHEMA RECORD TYPE Wide (" + items.joined(separator: ", ") + ");"
        let parsed = parseCKDB(text)
        #expect(parsed.diagnostics.isEmpty)
        #expect(parsed.schema.recordTypes.first?.fields.count == items.count)
        let last = parsed.sourceMap.locations[.field("Wide", "field\(items.count - 1)")]
        #expect(last?.line == 1)
        #expect(last.map { $0.column + "field\(items.count - 1) STRING QUERYABLE);".count - 1 } == text.unicodeScalars.count)
    }

    @Test func aOneMegabyteLineOfJunkIsReportedBrieflyAndQuotedShort() {
        let text = String(repeating: "x@", count: 500_000)
        let parsed = parseCKDB(text)
        expectLocatedErrors(parsed, in: text)
        let unterminatedName = parseCKDB("DEFINE SCHEMA \"" + String(repeating: "n", count: 1_000_000))
        #expect(unterminatedName.messages == ["unterminated quoted name"])
        let longWord = parseCKDB("DEFINE SCHEMA " + String(repeating: "w", count: 1_000_000) + ";")
        #expect(longWord.messages == ["expected 'CREATE ROLE' or 'RECORD TYPE', found '\(String(repeating: "w", count: 40))…'"])
    }

    @Test func unterminatedNamesAndCommentsAreReportedOnce() {
        let name = MarkedText("DEFINE SCHEMA\nRECORD TYPE A (\n    ↓\"title STRING,\n    body STRING\n);\nRECORD TYPE B (x INT64);")
        let parsedName = parseCKDB(name)
        #expect(parsedName.messages == ["unterminated quoted name"])
        #expect(parsedName.locations == [name.at()])
        #expect(parsedName.schema.recordTypes.map(\.name) == ["A", "B"])

        let comment = MarkedText("DEFINE SCHEMA\nRECORD TYPE A (x STRING);\n  ↓/* never closed\nRECORD TYPE B (y INT64);")
        let parsedComment = parseCKDB(comment)
        #expect(parsedComment.messages == ["unterminated comment"])
        #expect(parsedComment.locations == [comment.at()])
        #expect(parsedComment.schema.recordTypes.map(\.name) == ["A"])
    }
}
