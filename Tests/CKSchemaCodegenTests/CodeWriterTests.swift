import CKSchemaCodegen
import Testing

@Suite struct CodeWriterTests {
    @Test func indentsNestedBlocksByFourSpaces() {
        var writer = CodeWriter()
        writer.line("struct A {")
        writer.withIndentation { inner in
            inner.line("var b: Int")
            inner.withIndentation { $0.line("deeper") }
        }
        writer.line("}")
        #expect(writer.text == "struct A {\n    var b: Int\n        deeper\n}\n")
    }

    @Test func blankLinesNeverDoubleOrTrail() {
        var writer = CodeWriter()
        writer.blankLine()
        writer.line("a")
        writer.blankLine()
        writer.blankLine()
        writer.withIndentation { $0.line("") }
        writer.line("b")
        writer.blankLine()
        #expect(writer.text == "a\n\n\nb\n")
    }

    @Test func emptyLinesCarryNoIndentation() {
        var writer = CodeWriter()
        writer.withIndentation { $0.lines(["x", "", "y"]) }
        #expect(writer.text == "    x\n\n    y\n")
        #expect(writer.indentationWidth == 0)
    }

    @Test func nothingWrittenIsEmpty() {
        #expect(CodeWriter().text.isEmpty)
    }
}
