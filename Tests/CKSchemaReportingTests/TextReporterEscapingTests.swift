import CKSchemaCore
import CKSchemaReporting
import Testing

/// The text reporter quotes input — messages, names, paths, source lines — and escapes what a terminal would act
/// on, also when it colors its output (then nothing downstream can tell its colors from the input's).
@Suite struct TextReporterEscapingTests {
    private let source = SourceFile(path: "schemas/\u{1B}[2JNote.yaml", text: "a: \u{1B}]0;pwned\u{07}bad\n")

    private func render(useColor: Bool) -> String {
        let diagnostic = Diagnostic(
            id: "yaml_syntax", severity: .error, message: "unexpected '\u{9B}31m' after \u{202E}'txt'",
            location: SourceLocation(file: source.path, line: 1, column: 14),
            notes: [Note("note \u{1B}[8mhidden")],
            record: RecordReference(index: 0, recordName: "\u{1B}[5mblink", pointer: "/fields/\u{7}"))
        return TextReporter().render([diagnostic], context: ReportContext(sources: [source], useColor: useColor))
    }

    @Test func controlCharactersAndBidiOverridesAreEscapedWithAndWithoutColor() {
        for useColor in [false, true] {
            let output = render(useColor: useColor)
            #expect(output.contains(#"schemas/\u{1B}[2JNote.yaml:1:14: "#))
            #expect(output.contains(#"unexpected '\u{9B}31m' after \u{202E}'txt'"#))
            #expect(output.contains(#"record #0 '\u{1B}[5mblink' at /fields/\u{7}"#))
            #expect(output.contains(#"note \u{1B}[8mhidden"#))
            #expect(output.contains(#"    a: \u{1B}]0;pwned\u{7}bad"#))
            #expect(!output.unicodeScalars.contains { [0x07, 0x9B, 0x202E].contains($0.value) })
            // The only escape sequences left are the reporter's own colors: ESC [ digits ; m.
            let escapes = output.unicodeScalars.indices.filter { output.unicodeScalars[$0].value == 0x1B }
            #expect(escapes.isEmpty == !useColor)
            for index in escapes {
                let sequence = Array(output.unicodeScalars[index...].dropFirst().prefix { $0 != "m" })
                #expect(sequence.first == "[" && sequence.dropFirst().allSatisfy { $0 == ";" || ("0"..."9").contains($0) },
                        "an escape sequence that is not a color: \(sequence)")
            }
        }
    }

    /// The caret counts the escapes before it, so it still points at the column.
    @Test func theCaretPointsAtTheColumnAfterEscapes() {
        let lines = render(useColor: false).split(separator: "\n", omittingEmptySubsequences: false)
        let quoted = lines.first { $0.hasPrefix("    a: ") }
        let caret = lines.first { $0.hasSuffix("^") && $0.allSatisfy { $0 == " " || $0 == "^" } }
        #expect(quoted != nil && caret != nil)
        guard let quoted, let caret else { return }
        let column = caret.count - 1
        #expect(quoted.dropFirst(column).hasPrefix("bad"))
    }
}
