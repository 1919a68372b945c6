/// A byte-level JSON cursor over one record's text: whitespace, strings, numbers and literals.
///
/// It never allocates and never builds values: strings come back as byte ranges, numbers as a small token.
/// Everything it accepts is valid RFC 8259 JSON in UTF-8; anything else throws a located `SyntaxError`.
/// Strings are checked 32 bytes at a time (`VectorScan`) for the bytes that need attention (quote, backslash, control
/// characters, non-ASCII), which is what makes validation faster than parsing.
struct JSONScanner {
    /// The first byte of the text.
    let base: UnsafePointer<UInt8>
    /// One past the last byte.
    let end: Int
    /// The next byte to read.
    var position: Int
    /// Offsets of `\u` escapes that encode an unpaired surrogate, in the order they were met. Reported by
    /// the record checker as `json_lone_surrogate`; the scan itself goes on.
    var loneSurrogates: [Int] = []

    init(base: UnsafePointer<UInt8>, start: Int, end: Int) {
        self.base = base
        self.end = end
        self.position = start
    }

    // MARK: - Bytes

    /// Whether every byte has been read.
    @inline(__always) var isAtEnd: Bool { position >= end }

    /// The next byte, or 0 at the end (0 never starts a JSON token, so callers treat it as unexpected).
    @inline(__always) var peek: UInt8 { position < end ? base[position] : 0 }

    /// Skips JSON whitespace (space, tab, line feed, carriage return).
    @inline(__always) mutating func skipWhitespace() {
        // Compact JSON has none: one comparison decides (every whitespace byte is ≤ 0x20).
        guard position < end, base[position] <= Byte.space else { return }
        skipWhitespaceRun()
    }

    private mutating func skipWhitespaceRun() {
        while position < end {
            let byte = base[position]
            guard byte == Byte.space || byte == Byte.lineFeed || byte == Byte.carriageReturn || byte == Byte.tab else {
                return
            }
            position += 1
        }
    }

    /// Skips whitespace, then consumes `byte` or throws, naming what was expected.
    @inline(__always) mutating func expect(_ byte: UInt8, _ expected: SyntaxError.Expected) throws(SyntaxError) {
        skipWhitespace()
        guard position < end else { throw SyntaxError(.unexpectedEnd(expected), at: position) }
        guard base[position] == byte else { throw SyntaxError(.unexpected(expected), at: position) }
        position += 1
    }

    /// After a member of an object: consumes `,` (returns true) or `}` (returns false).
    @inline(__always) mutating func nextMember() throws(SyntaxError) -> Bool {
        skipWhitespace()
        guard position < end else { throw SyntaxError(.unexpectedEnd(.commaOrObjectEnd), at: position) }
        let byte = base[position]
        position += 1
        if byte == Byte.comma { return true }
        if byte == Byte.closeBrace { return false }
        position -= 1
        throw SyntaxError(.unexpected(.commaOrObjectEnd), at: position)
    }

    /// After an element of an array: consumes `,` (returns true) or `]` (returns false).
    @inline(__always) mutating func nextElement() throws(SyntaxError) -> Bool {
        skipWhitespace()
        guard position < end else { throw SyntaxError(.unexpectedEnd(.commaOrArrayEnd), at: position) }
        let byte = base[position]
        position += 1
        if byte == Byte.comma { return true }
        if byte == Byte.closeBracket { return false }
        position -= 1
        throw SyntaxError(.unexpected(.commaOrArrayEnd), at: position)
    }

    /// Just after `{`: returns false and consumes `}` for an empty object, true when a member follows.
    @inline(__always) mutating func objectHasMembers() throws(SyntaxError) -> Bool {
        skipWhitespace()
        if position < end, base[position] == Byte.closeBrace {
            position += 1
            return false
        }
        return true
    }

    /// Just after `[`: returns false and consumes `]` for an empty array, true when an element follows.
    @inline(__always) mutating func arrayHasElements() -> Bool {
        skipWhitespace()
        if position < end, base[position] == Byte.closeBracket {
            position += 1
            return false
        }
        return true
    }

    /// The length of `{"value":`.
    static let compactValueKeyLength = 9

    /// Whether the next bytes are `{"value":`, a field entry's usual start, with no whitespace.
    @inline(__always) var startsCompactValueKey: Bool {
        guard position + Self.compactValueKeyLength <= end else { return false }
        // `{"value"` as a little-endian word, then the colon.
        let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
        return UInt64(littleEndian: word) == 0x2265_756C_6176_227B && base[position + 8] == Byte.colon
    }

    /// Consumes the member key `quoted` (its quotes included, no escapes), its colon and the whitespace
    /// around them, as `scanKey` would; returns false and leaves the cursor where it was when the next bytes
    /// are anything else, so a general reader can go on from there.
    @inline(__always) mutating func skipKnownKey(_ quoted: StaticString) -> Bool {
        let start = position
        skipWhitespace()
        guard skipBytes(quoted) else {
            position = start
            return false
        }
        skipWhitespace()
        guard position < end, base[position] == Byte.colon else {
            position = start
            return false
        }
        position += 1
        skipWhitespace()
        return true
    }

    /// Consumes `bytes` when the next bytes are exactly those; else returns false and consumes nothing.
    @inline(__always) mutating func skipBytes(_ bytes: StaticString) -> Bool {
        let count = bytes.utf8CodeUnitCount
        guard position + count <= end, memoryEquals(base + position, bytes.utf8Start, count) else { return false }
        position += count
        return true
    }

    /// Reads an object key and the `:` after it, leaving the cursor at the value (whitespace skipped).
    @inline(__always) mutating func scanKey() throws(SyntaxError) -> StringToken {
        skipWhitespace()
        guard position < end else { throw SyntaxError(.unexpectedEnd(.key), at: position) }
        guard base[position] == Byte.quote else { throw SyntaxError(.unexpected(.key), at: position) }
        let key = try scanString()
        try expect(Byte.colon, .colon)
        skipWhitespace()
        return key
    }

    // MARK: - Strings

    /// Reads a string starting at the opening quote under the cursor; returns its content's byte range.
    ///
    /// Validates escapes and UTF-8 (overlong forms, surrogate code points and bytes past U+10FFFF are
    /// refused). Unpaired `\u` surrogates are recorded in `loneSurrogates` rather than thrown.
    @inline(__always) mutating func scanString() throws(SyntaxError) -> StringToken {
        let start = position + 1
        var cursor = start
        var hasEscapes = false
        while true {
            // 32 and 16 bytes at a time, straight to the first byte that needs attention.
            cursor = VectorScan.firstAttention(base, from: cursor, to: end)
            guard cursor < end else { throw SyntaxError(.unterminatedString, at: position) }
            let byte = base[cursor]
            if byte == Byte.quote {
                position = cursor + 1
                return StringToken(start: start, end: cursor, hasEscapes: hasEscapes)
            } else if byte == Byte.backslash {
                hasEscapes = true
                cursor = try scanEscape(at: cursor)
            } else if byte < 0x20 {
                throw SyntaxError(.controlCharacterInString, at: cursor)
            } else if byte >= 0x80 {
                cursor = try scanMultiByteScalar(at: cursor)
            } else {
                cursor += 1
            }
        }
    }

    /// Validates the escape at `offset` (a backslash); returns the offset after it.
    private mutating func scanEscape(at offset: Int) throws(SyntaxError) -> Int {
        guard offset + 1 < end else { throw SyntaxError(.unterminatedString, at: position) }
        switch base[offset + 1] {
        case Byte.quote, Byte.backslash, Byte.slash, UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"),
            UInt8(ascii: "r"), UInt8(ascii: "t"):
            return offset + 2
        case UInt8(ascii: "u"):
            let unit = try hexQuad(at: offset + 2)
            if (0xD800...0xDBFF).contains(unit) {
                if offset + 11 < end, base[offset + 6] == Byte.backslash, base[offset + 7] == UInt8(ascii: "u"),
                    let low = try? hexQuad(at: offset + 8), (0xDC00...0xDFFF).contains(low) {
                    return offset + 12
                }
                loneSurrogates.append(offset)
            } else if (0xDC00...0xDFFF).contains(unit) {
                loneSurrogates.append(offset)
            }
            return offset + 6
        default:
            throw SyntaxError(.invalidEscape, at: offset)
        }
    }

    /// The value of four hex digits at `offset`.
    func hexQuad(at offset: Int) throws(SyntaxError) -> UInt32 {
        guard offset + 4 <= end else { throw SyntaxError(.invalidEscape, at: offset - 2) }
        var value: UInt32 = 0
        for index in offset..<(offset + 4) {
            guard let digit = Byte.hexValue(base[index]) else { throw SyntaxError(.invalidEscape, at: offset - 2) }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// Validates the UTF-8 sequence starting at `offset` (a byte ≥ 0x80); returns the offset after it.
    private func scanMultiByteScalar(at offset: Int) throws(SyntaxError) -> Int {
        let lead = base[offset]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: throw SyntaxError(.invalidUTF8, at: offset)
        }
        guard offset + length <= end else { throw SyntaxError(.invalidUTF8, at: offset) }
        let second = base[offset + 1]
        guard second >= low, second <= high else { throw SyntaxError(.invalidUTF8, at: offset) }
        for index in (offset + 2)..<(offset + length) where base[index] & 0xC0 != 0x80 {
            throw SyntaxError(.invalidUTF8, at: offset)
        }
        return offset + length
    }

    // MARK: - Numbers and literals

    /// Reads a number under the cursor, computing its integer magnitude on the way.
    @inline(__always) mutating func scanNumber() throws(SyntaxError) -> NumberToken {
        let start = position
        var cursor = position
        var token = NumberToken(start: start)
        if base[cursor] == Byte.minus {
            token.isNegative = true
            cursor += 1
        }
        guard cursor < end, Byte.isDigit(base[cursor]) else { throw SyntaxError(.invalidNumber, at: start) }
        if base[cursor] == Byte.zero {
            cursor += 1
            token.integerDigits = 1
        } else {
            // Nineteen digits always fit 64 bits unsigned; a twentieth puts the value past INT64's range
            // anyway, so it only marks the overflow.
            var magnitude: UInt64 = 0
            let digitsStart = cursor
            // Eight digits a word while eight bytes are left (the same wrapping arithmetic as digit by digit).
            while cursor &+ 8 <= end {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + cursor).loadUnaligned(as: UInt64.self))
                let count = SWAR.leadingDigitCount(word)
                if count > 0 { magnitude = magnitude &* SWAR.powerOfTen(count) &+ SWAR.digitsValue(word, count: count) }
                cursor &+= count
                if count < 8 { break }
            }
            while cursor &+ 8 > end, cursor < end {
                let digit = base[cursor] &- Byte.zero
                guard digit < 10 else { break }
                magnitude = magnitude &* 10 &+ UInt64(digit)
                cursor += 1
            }
            token.integerDigits = cursor - digitsStart
            token.magnitude = magnitude
            token.magnitudeOverflows = token.integerDigits > 19
        }
        if cursor < end, base[cursor] == Byte.dot {
            cursor += 1
            guard cursor < end, Byte.isDigit(base[cursor]) else { throw SyntaxError(.invalidNumber, at: start) }
            token.isInteger = false
            while cursor < end, Byte.isDigit(base[cursor]) {
                if base[cursor] != Byte.zero { token.hasNonZeroFraction = true }
                cursor += 1
            }
        }
        if cursor < end, base[cursor] | 0x20 == UInt8(ascii: "e") {
            cursor += 1
            token.isInteger = false
            var exponentSign = 1
            if cursor < end, base[cursor] == Byte.plus || base[cursor] == Byte.minus {
                if base[cursor] == Byte.minus { exponentSign = -1 }
                cursor += 1
            }
            guard cursor < end, Byte.isDigit(base[cursor]) else { throw SyntaxError(.invalidNumber, at: start) }
            var exponent = 0
            while cursor < end, Byte.isDigit(base[cursor]) {
                exponent = min(exponent * 10 + Int(base[cursor] &- Byte.zero), 1_000_000)
                cursor += 1
            }
            token.exponent = exponent * exponentSign
        }
        token.end = cursor
        position = cursor
        return token
    }

    /// Reads `true`, `false` or `null` under the cursor; returns which.
    @inline(__always) mutating func scanLiteral() throws(SyntaxError) -> JSONLiteral {
        let byte = base[position]
        let (literal, word): (JSONLiteral, StaticString) = switch byte {
        case UInt8(ascii: "t"): (.true, "true")
        case UInt8(ascii: "f"): (.false, "false")
        case UInt8(ascii: "n"): (.null, "null")
        default: throw SyntaxError(.unexpected(.value), at: position)
        }
        let length = word.utf8CodeUnitCount
        guard position + length <= end else { throw SyntaxError(.unexpectedEnd(.value), at: position) }
        let text = word.utf8Start
        for index in 0..<length where base[position + index] != text[index] {
            throw SyntaxError(.unexpected(.value), at: position)
        }
        position += length
        return literal
    }

    /// The kind of the value under the cursor, from its first byte (`nil` at the end or for a byte that
    /// starts no JSON value).
    @inline(__always) var nextValueKind: JSONKind? {
        guard position < end else { return nil }
        return JSONKind(firstByte: base[position])
    }
}

/// The content of a JSON string: the bytes between its quotes.
struct StringToken {
    /// Offset of the first content byte.
    var start: Int
    /// Offset of the closing quote.
    var end: Int
    /// Whether the content holds backslash escapes (the raw bytes are then not the string's UTF-8).
    var hasEscapes: Bool

    /// The number of raw content bytes.
    @inline(__always) var count: Int { end - start }
}

/// A JSON literal.
enum JSONLiteral {
    case `true`, `false`, null
}
