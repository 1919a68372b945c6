/// One token of a `.ckdb` file. Tokens refer to the file's UTF-8 bytes by offset, so lexing builds no
/// strings; the parser decodes only the names it keeps.
struct CKDBToken: Sendable {
    /// What kind of token this is.
    enum Kind: UInt8, Sendable {
        /// A bare word: a keyword or an unquoted name (letters, digits, `_`, `.`, non-ASCII characters).
        case word
        /// A name in double quotes; `start`/`end` include the quotes.
        case quotedName
        case leftParen
        case rightParen
        case leftAngle
        case rightAngle
        case comma
        case semicolon
        /// Characters the language has no use for (`@`, `-`, `{`), or text the lexer already reported.
        case unknown
        /// The end of the file; the token list always ends with exactly one.
        case endOfFile
    }

    /// What kind of token this is.
    var kind: Kind
    /// UTF-8 offset of the first byte.
    var start: Int
    /// UTF-8 offset one past the last byte.
    var end: Int
    /// 1-based line.
    var line: Int
    /// 1-based column in Unicode scalars.
    var column: Int
    /// The keyword a word spells (ignoring case), whether or not the grammar wants a keyword here.
    var keyword: CKDBKeyword?
    /// Whether a word has no lower-case ASCII letter (keywords are conventionally upper case).
    var isUppercase: Bool
    /// Whether the lexer has already reported an error for this token (an unterminated quoted name, or
    /// the end of a file cut short by an unterminated comment), so the parser must not add another.
    var isAlreadyReported: Bool

    init(_ kind: Kind, start: Int, end: Int, line: Int, column: Int, keyword: CKDBKeyword? = nil,
         isUppercase: Bool = true, isAlreadyReported: Bool = false) {
        self.kind = kind
        self.start = start
        self.end = end
        self.line = line
        self.column = column
        self.keyword = keyword
        self.isUppercase = isUppercase
        self.isAlreadyReported = isAlreadyReported
    }
}
