/// ASCII bytes the scanners compare against, named.
enum Byte {
    static let tab = UInt8(ascii: "\t")
    static let lineFeed = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " ")
    static let quote = UInt8(ascii: "\"")
    static let plus = UInt8(ascii: "+")
    static let comma = UInt8(ascii: ",")
    static let minus = UInt8(ascii: "-")
    static let dot = UInt8(ascii: ".")
    static let slash = UInt8(ascii: "/")
    static let zero = UInt8(ascii: "0")
    static let colon = UInt8(ascii: ":")
    static let openBracket = UInt8(ascii: "[")
    static let backslash = UInt8(ascii: "\\")
    static let closeBracket = UInt8(ascii: "]")
    static let underscore = UInt8(ascii: "_")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")

    /// Whether `byte` is an ASCII digit.
    @inline(__always) static func isDigit(_ byte: UInt8) -> Bool {
        byte &- zero < 10
    }

    /// Whether `byte` is JSON whitespace.
    @inline(__always) static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == space || byte == lineFeed || byte == carriageReturn || byte == tab
    }

    /// The value of a hexadecimal digit, or `nil`.
    @inline(__always) static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

/// Eight-bytes-at-a-time tests on a word loaded from the input ("SIMD within a register").
enum SWAR {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The high bit set in exactly the bytes of `word` that are zero (no false positives, unlike the
    /// borrow trick of the masks below, whose lowest set bit only is exact).
    @inline(__always) static func exactZeroBytes(_ word: UInt64) -> UInt64 {
        let low7 = 0x7F7F_7F7F_7F7F_7F7F as UInt64
        return ~(((word & low7) &+ low7) | word | low7)
    }

    /// The high bit set in each byte of `word` that is a quote or a backslash; the lowest set bit is exact.
    @inline(__always) static func quoteOrBackslashMask(_ word: UInt64) -> UInt64 {
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        return (((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)) & highBits
    }

    /// How many of `word`'s bytes, from its first (lowest), are ASCII digits before any other byte (0–8).
    @inline(__always) static func leadingDigitCount(_ word: UInt64) -> Int {
        let values = word ^ (ones &* 0x30)
        // Adding 0x76 sets the high bit of a byte from 10 up; bytes from 0x80 up are flagged by `| values`.
        // A carry out of a flagged byte only reaches bytes above it, so the lowest flag is exact.
        let nonDigits = ((values &+ ones &* 0x76) | values) & highBits
        return nonDigits.trailingZeroBitCount >> 3
    }

    /// The decimal value of `word`'s first `count` bytes (1–8), which are ASCII digits, the first the most
    /// significant: the digits are moved to the top of the word and combined in pairs, fours and eights.
    @inline(__always) static func digitsValue(_ word: UInt64, count: Int) -> UInt64 {
        var digits = (word & (ones &* 0x0F)) << UInt64(8 &* (8 &- count))
        digits = (digits &* (1 + 10 << 8)) >> 8
        digits = ((digits & 0x00FF_00FF_00FF_00FF) &* (1 + 100 << 16)) >> 16
        return ((digits & 0x0000_FFFF_0000_FFFF) &* (1 + 10_000 << 32)) >> 32
    }

    /// 10 to the power `count` (0–8).
    @inline(__always) static func powerOfTen(_ count: Int) -> UInt64 {
        switch count {
        case 0: 1
        case 1: 10
        case 2: 100
        case 3: 1000
        case 4: 10000
        case 5: 100_000
        case 6: 1_000_000
        case 7: 10_000_000
        default: 100_000_000
        }
    }
}

/// The kinds of JSON value, from the first byte.
enum JSONKind: Equatable {
    case object, array, string, number, boolean, null

    /// The kind a value starting with `byte` has, or `nil` when no value starts so.
    @inline(__always) init?(firstByte byte: UInt8) {
        switch byte {
        case Byte.openBrace: self = .object
        case Byte.openBracket: self = .array
        case Byte.quote: self = .string
        case Byte.minus, Byte.zero...UInt8(ascii: "9"): self = .number
        case UInt8(ascii: "t"), UInt8(ascii: "f"): self = .boolean
        case UInt8(ascii: "n"): self = .null
        default: return nil
        }
    }

    /// The kind with an article, for messages (`an object`).
    var described: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .boolean: "a Boolean"
        case .null: "null"
        }
    }
}

/// A JSON number as scanned: its text range and what the validator needs without converting it.
struct NumberToken {
    var start: Int
    var end: Int = 0
    var isNegative = false
    /// No fraction and no exponent.
    var isInteger = true
    /// A fraction with a non-zero digit (`1.50` yes, `1.00` no).
    var hasNonZeroFraction = false
    /// The digits of the integer part.
    var integerDigits = 0
    /// The integer part's magnitude (wrapped when `magnitudeOverflows`).
    var magnitude: UInt64 = 0
    /// The integer part has more than 19 digits (so it is outside INT64's range; `magnitude` is then
    /// meaningless).
    var magnitudeOverflows = false
    /// The decimal exponent (clamped to ±1,000,000).
    var exponent = 0

    init(start: Int) {
        self.start = start
    }

    /// The value as a signed 64-bit integer, when it is an integer in range.
    var int64Value: Int64? {
        guard isInteger, !magnitudeOverflows else { return nil }
        if isNegative {
            if magnitude <= UInt64(Int64.max) { return -Int64(magnitude) }
            return magnitude == UInt64(Int64.max) + 1 ? Int64.min : nil
        }
        return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
    }

    /// Whether the number certainly fits a finite double without converting it (true for all everyday
    /// numbers; false only near or past ±1.8e308, where `JSONNumbers.doubleValue` decides).
    var isCertainlyFiniteDouble: Bool {
        integerDigits + exponent < 308
    }
}
