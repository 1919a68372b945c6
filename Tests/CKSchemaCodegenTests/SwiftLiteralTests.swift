import CKSchemaCodegen
import Testing

@Suite struct SwiftLiteralTests {
    @Test func literalsEscapeWhatWouldChangeTheirMeaning() {
        #expect(SwiftLiteral.string("plain") == "\"plain\"")
        #expect(SwiftLiteral.string("a\"b\\c\nd\t\u{0}") == "\"a\\\"b\\\\c\\nd\\t\\0\"")
        #expect(SwiftLiteral.string("\u{202E}x\u{7F}") == "\"\\u{202E}x\\u{7F}\"")
        #expect(SwiftLiteral.string("\\(interpolation)") == "\"\\\\(interpolation)\"")
        #expect(SwiftLiteral.string("émoji 😀") == "\"émoji 😀\"")
        #expect(SwiftLiteral.commentText("a\nb\rc\u{202E}") == "a b c ")
    }
}
