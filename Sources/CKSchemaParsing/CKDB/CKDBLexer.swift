/// Splits `.ckdb` text into tokens in one pass over its UTF-8 bytes, skipping whitespace and the three
/// comment styles (`//`, `--`, `/* */`). Never fails: text it cannot use becomes `.unknown` tokens for the
/// parser to report, and unterminated quoted names and comments are reported here.
struct CKDBLexer {
    /// A problem found while lexing, located by 1-based line and scalar column.
    struct LexError: Sendable {
        var message: String
        var line: Int
        var column: Int
    }

    /// The tokens, ending with one `.endOfFile`, and the lexing errors in source order.
    struct Output: Sendable {
        var tokens: [CKDBToken]
        var errors: [LexError]
    }

    /// Tokenizes `bytes`.
    static func tokenize(_ bytes: [UInt8]) -> Output {
        bytes.withUnsafeBufferPointer { buffer in
            var lexer = Scanner(buffer)
            lexer.run()
            return Output(tokens: lexer.tokens, errors: lexer.errors)
        }
    }

    /// Turns byte offsets into line and column incrementally; offsets must be asked for in increasing order,
    /// which keeps the whole file linear even when it is one very long line.
    private struct PositionCursor {
        var offset = 0
        var line = 1
        var column = 1

        mutating func advance(to target: Int, in buffer: UnsafeBufferPointer<UInt8>) {
            while offset < target {
                let byte = buffer[offset]
                if byte == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    // Every byte but a UTF-8 continuation byte starts a Unicode scalar.
                    column += 1
                }
                offset += 1
            }
        }
    }

    private struct Scanner {
        let buffer: UnsafeBufferPointer<UInt8>
        var index = 0
        var cursor = PositionCursor()
        var tokens: [CKDBToken] = []
        var errors: [LexError] = []

        init(_ buffer: UnsafeBufferPointer<UInt8>) {
            self.buffer = buffer
            tokens.reserveCapacity(buffer.count / 6 + 1)
        }

        mutating func run() {
            while true {
                if !skipTrivia() {
                    appendToken(.endOfFile, from: buffer.count, to: buffer.count, isAlreadyReported: true)
                    return
                }
                guard index < buffer.count else {
                    appendToken(.endOfFile, from: index, to: index)
                    return
                }
                scanToken()
            }
        }

        /// Skips whitespace and comments. Returns `false` when an unterminated block comment ran to the end.
        private mutating func skipTrivia() -> Bool {
            while index < buffer.count {
                let byte = buffer[index]
                if Self.isWhitespace(byte) {
                    index += 1
                } else if startsLineComment(at: index) {
                    while index < buffer.count && buffer[index] != UInt8(ascii: "\n") { index += 1 }
                } else if byte == UInt8(ascii: "/") && peek(index + 1) == UInt8(ascii: "*") {
                    let opening = index
                    index += 2
                    while index < buffer.count && !(buffer[index] == UInt8(ascii: "*") && peek(index + 1) == UInt8(ascii: "/")) {
                        index += 1
                    }
                    guard index < buffer.count else {
                        report("unterminated comment", at: opening)
                        return false
                    }
                    index += 2
                } else {
                    return true
                }
            }
            return true
        }

        private mutating func scanToken() {
            let start = index
            let byte = buffer[index]
            switch byte {
            case UInt8(ascii: "("): single(.leftParen)
            case UInt8(ascii: ")"): single(.rightParen)
            case UInt8(ascii: "<"): single(.leftAngle)
            case UInt8(ascii: ">"): single(.rightAngle)
            case UInt8(ascii: ","): single(.comma)
            case UInt8(ascii: ";"): single(.semicolon)
            case UInt8(ascii: "\""): scanQuotedName()
            default:
                if Self.isNameByte(byte) {
                    scanWord()
                } else {
                    index += 1
                    while index < buffer.count && Self.isOtherByte(buffer[index]) && !startsComment(at: index) {
                        index += 1
                    }
                    appendToken(.unknown, from: start, to: index)
                }
            }
        }

        private mutating func single(_ kind: CKDBToken.Kind) {
            appendToken(kind, from: index, to: index + 1)
            index += 1
        }

        private mutating func scanWord() {
            let start = index
            var isUppercase = true
            while index < buffer.count && Self.isNameByte(buffer[index]) {
                let byte = buffer[index]
                if byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") { isUppercase = false }
                index += 1
            }
            let keyword = CKDBKeyword.match(buffer, start..<index)
            appendToken(.word, from: start, to: index, keyword: keyword, isUppercase: isUppercase)
        }

        /// A quoted name ends at the next `"`. Names never span lines, so a line break first means the
        /// closing quote is missing: the error points at the opening quote and lexing resumes on the next line.
        private mutating func scanQuotedName() {
            let start = index
            index += 1
            while index < buffer.count && buffer[index] != UInt8(ascii: "\"") && buffer[index] != UInt8(ascii: "\n") {
                index += 1
            }
            if index < buffer.count && buffer[index] == UInt8(ascii: "\"") {
                index += 1
                appendToken(.quotedName, from: start, to: index)
            } else {
                report("unterminated quoted name", at: start)
                appendToken(.unknown, from: start, to: index, isAlreadyReported: true)
            }
        }

        private mutating func appendToken(_ kind: CKDBToken.Kind, from start: Int, to end: Int,
                                          keyword: CKDBKeyword? = nil, isUppercase: Bool = true,
                                          isAlreadyReported: Bool = false) {
            cursor.advance(to: start, in: buffer)
            tokens.append(CKDBToken(kind, start: start, end: end, line: cursor.line, column: cursor.column,
                                    keyword: keyword, isUppercase: isUppercase, isAlreadyReported: isAlreadyReported))
        }

        private mutating func report(_ message: String, at offset: Int) {
            cursor.advance(to: offset, in: buffer)
            errors.append(LexError(message: message, line: cursor.line, column: cursor.column))
        }

        private func peek(_ offset: Int) -> UInt8? {
            offset < buffer.count ? buffer[offset] : nil
        }

        private func startsLineComment(at offset: Int) -> Bool {
            let byte = buffer[offset]
            return (byte == UInt8(ascii: "/") || byte == UInt8(ascii: "-")) && peek(offset + 1) == byte
        }

        private func startsComment(at offset: Int) -> Bool {
            startsLineComment(at: offset) || (buffer[offset] == UInt8(ascii: "/") && peek(offset + 1) == UInt8(ascii: "*"))
        }

        private static func isWhitespace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C
        }

        /// Letters, digits, `_`, `.` and every non-ASCII byte: a bare name may hold more than the identifier
        /// rule allows, and lint rules judge it, while anything else is punctuation or junk.
        private static func isNameByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."), 0x80...0xFF:
                true
            default:
                false
            }
        }

        /// Bytes that start no token and are not whitespace: they run together into one `.unknown` token.
        private static func isOtherByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: ","),
                 UInt8(ascii: ";"), UInt8(ascii: "\""):
                false
            default:
                !isWhitespace(byte) && !isNameByte(byte)
            }
        }
    }
}
