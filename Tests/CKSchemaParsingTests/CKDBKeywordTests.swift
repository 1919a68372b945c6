import CKSchemaCore
@testable import CKSchemaParsing
import Testing

/// The lexer's keyword matching compares words as integers with the ASCII case bit cleared: every keyword is
/// found in any case, and no other word the lexer can produce — near misses, digits, `_`, `.`, non-ASCII
/// bytes whose case bit lines up with a letter's — is taken for one.
@Suite struct CKDBKeywordTests {
    @Test func everyKeywordMatchesInAnyCase() {
        for keyword in CKDBKeyword.allCases {
            let spelling = keyword.spelling
            let mixed = String(spelling.enumerated().map { $0.offset.isMultiple(of: 2) ? Character($0.element.lowercased()) : $0.element })
            for written in [spelling, spelling.lowercased(), mixed] {
                #expect(match(written) == keyword, "\(written)")
            }
        }
    }

    @Test func nearMissesAreNotKeywords() {
        let words = ["INT6", "INT65", "INT64S", "int_4", "INT.4", "STRINGS", "STRIN", "LIST.", "TO_", "A",
                     "QUERYABLEX", "SEARCHABLE_", "TIMESTAMQ", "REFERENCE1", "_AS", "t\u{EF}", "TYPE\u{E9}",
                     "ENCRYPTED.", "PREFERRE", "INT64INT64"]
        for word in words { #expect(match(word) == nil, "\(word)") }
    }

    /// The parser takes a bare name for a reserved word when its keyword says so.
    @Test func theReservedWordsAreTheKeywordsSoMarked() {
        for keyword in CKDBKeyword.allCases {
            #expect(keyword.isReservedWord == SchemaIdentifier.isReservedWord(keyword.spelling), "\(keyword)")
        }
        #expect(CKDBKeyword.allCases.filter(\.isReservedWord).count == SchemaIdentifier.reservedWords.count)
    }

    /// A keyword at the very end of the text, where its bytes cannot be loaded a whole word at a time.
    @Test func aKeywordEndingTheTextMatches() {
        #expect(match("x TIMESTAMP", range: 2..<11) == .timestamp)
        #expect(match("SEARCHABLE", range: 0..<10) == .searchable)
    }

    private func match(_ text: String, range: Range<Int>? = nil) -> CKDBKeyword? {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { CKDBKeyword.match($0, range ?? 0..<bytes.count) }
    }
}
