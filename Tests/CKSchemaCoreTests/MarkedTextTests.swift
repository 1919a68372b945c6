import CKSchemaCore
import CKSchemaTestSupport
import Testing

@Suite struct MarkedTextTests {
    @Test func markersAreRemovedAndLocated() {
        let marked = MarkedText("ab\n  1️⃣cd é2️⃣x")
        #expect(marked.text == "ab\n  cd éx")
        #expect(marked.location("1️⃣", file: "f") == SourceLocation(file: "f", line: 2, column: 3))
        #expect(marked.location("2️⃣", file: "f") == SourceLocation(file: "f", line: 2, column: 7))
    }
}

@Suite struct RepeatedMarkerTests {
    @Test func repeatedArrowsAreAllKept() {
        let marked = MarkedText("↓a ↓b\n↓c")
        #expect(marked.text == "a b\nc")
        #expect(marked.locations(file: "f").map { [$0.line, $0.column] } == [[1, 1], [1, 3], [2, 1]])
    }
}
