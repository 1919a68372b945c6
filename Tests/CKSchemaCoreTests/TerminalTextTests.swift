import CKSchemaCore
import Testing

/// Text from input cannot drive the terminal: controls, C1 controls and bidi overrides become visible escapes.
@Suite struct TerminalTextTests {
    @Test func titleSequencesAndScreenClearsAreEscaped() {
        let hostile = "Item\u{1B}]0;pwned\u{07}\u{1B}[2J"
        #expect(TerminalText.escape(hostile) == "Item\\u{1B}]0;pwned\\u{7}\\u{1B}[2J")
        #expect(!TerminalText.escape(hostile).unicodeScalars.contains { $0.value < 0x20 })
    }

    @Test func c1ControlsAndBidiOverridesAreEscaped() {
        #expect(TerminalText.escape("a\u{9B}31mb") == "a\\u{9B}31mb")
        #expect(TerminalText.escape("safe\u{202E}txt.exe\u{2066}x\u{2069}") == "safe\\u{202E}txt.exe\\u{2066}x\\u{2069}")
        #expect(TerminalText.escape("\u{200F}\u{061C}\u{2028}") == "\\u{200F}\\u{61C}\\u{2028}")
    }

    @Test func ordinaryTextIsKept() {
        let text = "café 👩‍💻 naïve\ttab\nnew line — «ok»"
        #expect(TerminalText.escape(text) == text)
        #expect(!TerminalText.needsEscaping(text))
    }

    @Test func lineBreaksAreKeptOrEscaped() {
        #expect(TerminalText.escape("a\nb\r\n") == "a\nb\\u{D}\n")
        #expect(TerminalText.escape("a\nb", lineBreaks: .escaped) == "a\\u{A}b")
    }

    @Test func jsonStyleIsAValidJSONEscape() {
        #expect(TerminalText.escape("\"x\u{85}y\u{202E}\"", style: .json) == "\"x\\u0085y\\u202e\"")
    }

    @Test func escapingIsIdempotent() {
        let once = TerminalText.escape("\u{1B}[31mred\u{9B}")
        #expect(TerminalText.escape(once) == once)
    }
}
