@testable import CKSchemaCodeAnalysis
import CKSchemaCore
import CKSchemaRules
import CKSchemaTestSupport
import Testing

/// The predicate-format parser: the grammar, its errors, and positions mapped back into the Swift literal.
@Suite struct PredicateParserTests {
    private func parse(_ format: String) -> Result<ParsedPredicate, PredicateSyntaxError> {
        ParsedPredicate.parse(Array(format.unicodeScalars))
    }

    @Test func readsTheGrammar() throws {
        let parsed = try parse("(a == 1 OR NOT b != 'x') && c <= %@ || %K IN {1, 2} AND SELF CONTAINS \"w\"").get()
        #expect(parsed.terms == [
            .filter(.equality, .path("a", offset: 1)), .filter(.equality, .path("b", offset: 15)),
            .filter(.range, .path("c", offset: 28)), .filter(.membership, .argument(1, offset: 39)),
            .search(offset: 56),
        ])
        #expect(parsed.argumentCount == 2)
    }

    @Test(arguments: [
        ("title ==", "expected a key path or value"), ("(title == 1", "unclosed '('"), ("title == 1)", "expected AND, OR or the end"),
        ("title = 'x", "unterminated string"), ("title % 1", "unknown format specifier"), ("== 1", "expected a key path or value"),
        ("title IS 1", "expected a comparison operator"), ("a == 1 b == 2", "expected AND, OR or the end"),
    ])
    func reportsErrors(format: String, message: String) {
        guard case .failure(let error) = parse(format) else {
            Issue.record("'\(format)' parsed")
            return
        }
        #expect(error.message == message)
    }

    @Test func deepNestingCostsNoRecursion() throws {
        let depth = 10_000
        let format = String(repeating: "(", count: depth) + "a == 1" + String(repeating: ")", count: depth)
        #expect(try parse(format).get().terms.count == 1)
    }

    @Test func positionsMapIntoTheLiteralThroughEscapesAndLines() {
        let marked = MarkedText("""
            let q = CKQuery(recordType: "Note", predicate: NSPredicate(format: "tag == \\"é\\" AND 1️⃣rank > 1 AND 2️⃣title == %@", "x"))
            let r = CKQuery(recordType: "Note", predicate: NSPredicate(format: \"\"\"
                3️⃣body == 'x' OR
                4️⃣rank < 2
                \"\"\"))
            """)
        let analysis = CodeAnalyzer.analyze([marked.sourceFile(path: "Q.swift")])
        let located = analysis.usages.filter { usage in
            if case .field(let name)? = usage.key { return ["rank", "title", "body"].contains(name) }
            return false
        }.map(\.location)
        #expect(located == ["1️⃣", "2️⃣", "3️⃣", "4️⃣"].map { marked.location($0, file: "Q.swift") })
    }

    @Test func columnsCountUnicodeScalars() {
        let marked = MarkedText("let émoji🙂 = 1; let n = CKRecord(recordType: \"Note\"); n[↓\"k\"] = 1\n")
        let analysis = CodeAnalyzer.analyze([marked.sourceFile(path: "U.swift")])
        #expect(analysis.usages.last?.location == marked.location(file: "U.swift"))
    }
}
