/// Splits `.ckdb` text into tokens in one pass over its UTF-8 bytes, skipping whitespace and the three
/// comment styles (`//`, `--`, `/* */`). Never fails: text it cannot use becomes `.unknown` tokens for the
/// parser to report, and unterminated quoted names and comments are reported here.
struct CKDBLexer {
    /// A problem found while lexing, located by 1-based line and scalar column.
    struct LexError: Sendable {
        /// What is wrong.
        var message: String
        /// 1-based line.
        var line: Int
        /// 1-based column in Unicode scalars.
        var column: Int
    }

    /// The tokens, ending with one `.endOfFile`, and the lexing errors in source order.
    struct Output: Sendable {
        /// The tokens, ending with one `.endOfFile`.
        var tokens: [CKDBToken]
        /// Unterminated quoted names and comments, in source order.
        var errors: [LexError]
        /// How many `,` and `)` tokens there are: a cheap upper bound on the number of record-type items,
        /// used to size the source map once.
        var itemEndCount: Int
    }

    /// Tokenizes `bytes`.
    static func tokenize(_ bytes: [UInt8]) -> Output {
        bytes.withUnsafeBufferPointer { buffer in
            var lexer = Scanner(buffer)
            lexer.run()
            return Output(tokens: lexer.tokens, errors: lexer.errors, itemEndCount: lexer.itemEndCount)
        }
    }

    /// The lexer's state while it walks the bytes.
    private struct Scanner {
        let buffer: UnsafeBufferPointer<UInt8>
        var index = 0
        var tokens: [CKDBToken] = []
        var errors: [LexError] = []
        var itemEndCount = 0
        /// The current line, the offset it starts at, and how many UTF-8 continuation bytes it holds before
        /// `index`: together they give the column of `index` in Unicode scalars without a second pass.
        var line = 1
        var lineStart = 0
        var continuationBytes = 0

        init(_ buffer: UnsafeBufferPointer<UInt8>) {
            self.buffer = buffer
            tokens.reserveCapacity(buffer.count / 6 + 1)
            if buffer.count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF {
                // A byte-order mark is not text: skip it like whitespace (it still counts as one scalar).
                index = 3
                continuationBytes = 2
            }
        }

        /// The column of `index` (every byte before it on this line has been scanned and counted).
        private var column: Int {
            index - lineStart - continuationBytes + 1
        }

        mutating func run() {
            while true {
                if !skipTrivia() {
                    tokens.append(CKDBToken(.endOfFile, start: index, end: index, line: line, column: column,
                                            isAlreadyReported: true))
                    return
                }
                guard index < buffer.count else {
                    tokens.append(CKDBToken(.endOfFile, start: index, end: index, line: line, column: column))
                    return
                }
                scanToken()
            }
        }

        /// Moves past the byte at `index`, keeping the line and column bookkeeping.
        @inline(__always)
        private mutating func step() {
            let byte = buffer[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
                continuationBytes = 0
            } else if byte & 0xC0 == 0x80 {
                continuationBytes += 1
            }
            index += 1
        }

        /// Skips whitespace and comments. Returns `false` when an unterminated block comment ran to the end.
        private mutating func skipTrivia() -> Bool {
            while index < buffer.count {
                let byte = buffer[index]
                if byte == UInt8(ascii: " ") {
                    // Runs of spaces (indentation, the aligned column of types) need no line bookkeeping.
                    index += 1
                    while index < buffer.count && buffer[index] == UInt8(ascii: " ") { index += 1 }
                } else if Self.isWhitespace(byte) {
                    step()
                } else if startsLineComment(at: index) {
                    while index < buffer.count && buffer[index] != UInt8(ascii: "\n") { step() }
                } else if byte == UInt8(ascii: "/") && peek(index + 1) == UInt8(ascii: "*") {
                    let openingLine = line, openingColumn = column
                    index += 2
                    while index < buffer.count && !(buffer[index] == UInt8(ascii: "*") && peek(index + 1) == UInt8(ascii: "/")) {
                        step()
                    }
                    guard index < buffer.count else {
                        errors.append(LexError(message: "unterminated comment", line: openingLine, column: openingColumn))
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
            let start = index, startLine = line, startColumn = column
            var kind = CKDBToken.Kind.unknown
            var keyword: CKDBKeyword?
            var isUppercase = true
            var isAlreadyReported = false
            switch buffer[index] {
            case UInt8(ascii: "("): kind = .leftParen
            case UInt8(ascii: ")"): kind = .rightParen
            case UInt8(ascii: "<"): kind = .leftAngle
            case UInt8(ascii: ">"): kind = .rightAngle
            case UInt8(ascii: ","): kind = .comma
            case UInt8(ascii: ";"): kind = .semicolon
            case UInt8(ascii: "\""):
                // A quoted name ends at the next `"`. Names never span lines, so a line break first means
                // the closing quote is missing: the error points at the opening quote and lexing resumes on
                // the next line.
                step()
                while index < buffer.count && buffer[index] != UInt8(ascii: "\"") && buffer[index] != UInt8(ascii: "\n") {
                    step()
                }
                if index < buffer.count && buffer[index] == UInt8(ascii: "\"") {
                    step()
                    kind = .quotedName
                } else {
                    errors.append(LexError(message: "unterminated quoted name", line: startLine, column: startColumn))
                    isAlreadyReported = true
                }
            case let byte where Self.isNameByte(byte):
                while index < buffer.count && Self.isNameByte(buffer[index]) {
                    let byte = buffer[index]
                    if byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") { isUppercase = false }
                    if byte & 0xC0 == 0x80 { continuationBytes += 1 }
                    index += 1
                }
                kind = .word
                keyword = CKDBKeyword.match(buffer, start..<index)
            default:
                // Bytes that start no token run together into one `.unknown` token; they are all ASCII.
                index += 1
                while index < buffer.count && Self.isOtherByte(buffer[index]) && !startsComment(at: index) {
                    index += 1
                }
            }
            if index == start {
                // A one-byte punctuation token.
                index += 1
                if kind == .comma || kind == .rightParen { itemEndCount += 1 }
            }
            tokens.append(CKDBToken(kind, start: start, end: index, line: startLine, column: startColumn,
                                    keyword: keyword, isUppercase: isUppercase, isAlreadyReported: isAlreadyReported))
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
