import CKSchemaCore
import CKSchemaTestSupport
import Testing

/// The management token never shows, whatever surrounds it, and a value that cannot be a token is refused
/// rather than "scrubbed" everywhere.
@Suite struct SecretScrubberTests {
    static let token = "ckmt-0123456789abcdef-SECRET"

    @Test func everyOccurrenceIsRedacted() throws {
        let scrubber = try #require(SecretScrubber(secret: Self.token))
        #expect(scrubber.scrub("a \(Self.token) b \(Self.token)") == "a [redacted] b [redacted]")
        #expect(scrubber.scrub("nothing here") == "nothing here")
        #expect(scrubber.contains("x\(Self.token)y"))
        #expect(!scrubber.contains("ckmt-0123456789abcdef"))
    }

    /// A combining mark after the token joins its last character into one `Character`, which a character-level
    /// search does not match; bytes do.
    @Test func aTokenFollowedByACombiningMarkIsStillRedacted() throws {
        let scrubber = try #require(SecretScrubber(secret: Self.token))
        let text = "token: \(Self.token)\u{0301} and \(Self.token)\u{20DD}"
        #expect(text.replacing(Self.token, with: "[redacted]") == text, "the premise: a character-level search misses both")
        let scrubbed = scrubber.scrub(text)
        #expect(!scrubbed.utf8.elementsEqual(text.utf8))
        #expect(!scrubbed.contains(Self.token))
        #expect(!Array(scrubbed.utf8).containsSequence(Array(Self.token.utf8)))
        #expect(scrubbed == "token: [redacted]\u{0301} and [redacted]\u{20DD}")
    }

    @Test func bytesAreScrubbedWithoutDecoding() throws {
        let scrubber = try #require(SecretScrubber(secret: Self.token))
        let bytes: [UInt8] = [0xFF, 0x00] + Array(Self.token.utf8) + [0xC3]
        #expect(scrubber.scrub(bytes) == [0xFF, 0x00] + Array("[redacted]".utf8) + [0xC3])
        #expect(scrubber.contains(bytes))
    }

    @Test func aValueWithSurroundingWhitespaceIsScrubbedAsGivenAndTrimmed() throws {
        let scrubber = try #require(SecretScrubber(secret: "  \(Self.token)\n"))
        #expect(scrubber.scrub("[\(Self.token)]") == "[[redacted]]")
    }

    @Test(arguments: ["", "\n\n\n", " \t \r\n", "\u{1}\u{2}\u{85}", "short"])
    func valuesThatCannotBeATokenAreRefused(_ value: String) {
        #expect(SecretScrubber(secret: value) == nil)
        #expect(SecretScrubber.problem(with: value) != nil)
    }

    @Test func refusalsSayWhy() {
        #expect(SecretScrubber.problem(with: "") == "is empty")
        #expect(SecretScrubber.problem(with: "\n\n") == "holds only whitespace or control characters")
        #expect(SecretScrubber.problem(with: "abc")?.hasPrefix("is shorter than 8 characters") == true)
        #expect(SecretScrubber.problem(with: Self.token) == nil)
    }
}
