import CKSchemaCore
import Testing

@Suite struct SourceFileTests {
    @Test func linesAreIndexedWithoutTerminators() {
        let file = SourceFile(path: "a.ckdb", text: "one\r\ntwo\n\nfour")
        #expect(file.line(1) == "one")
        #expect(file.line(2) == "two")
        #expect(file.line(3) == "")
        #expect(file.line(4) == "four")
        #expect(file.line(5) == nil)
        #expect(file.line(0) == nil)
        #expect(file.lineCount == 4)
    }

    @Test func trailingNewlineDoesNotStartALine() {
        let file = SourceFile(path: "a", text: "x\ny\n")
        #expect(file.lineCount == 2)
        #expect(file.line(2) == "y")
    }

    @Test func nonASCIILinesAreReturnedWhole() {
        let file = SourceFile(path: "a", text: "é\n日本語\n")
        #expect(file.line(2) == "日本語")
    }
}
