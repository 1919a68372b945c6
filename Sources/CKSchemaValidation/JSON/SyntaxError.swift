/// Why a record's JSON could not be read, and where. The record checker turns it into `json_syntax` or
/// `json_too_deep` and stops reading that record.
struct SyntaxError: Error {
    /// What the scanner wanted to see next.
    enum Expected {
        case value, key, colon, commaOrObjectEnd, commaOrArrayEnd, object

        var described: String {
            switch self {
            case .value: "a JSON value"
            case .key: "an object key in double quotes"
            case .colon: "':'"
            case .commaOrObjectEnd: "',' or '}'"
            case .commaOrArrayEnd: "',' or ']'"
            case .object: "'{'"
            }
        }
    }

    /// What went wrong.
    enum Kind {
        case unexpected(Expected)
        case unexpectedEnd(Expected)
        case unterminatedString
        case controlCharacterInString
        case invalidEscape
        case invalidUTF8
        case invalidNumber
        case tooDeep(limit: Int)
        case trailingContent
    }

    var kind: Kind
    /// The offset of the offending byte in the scanned text.
    var offset: Int

    init(_ kind: Kind, at offset: Int) {
        self.kind = kind
        self.offset = offset
    }

    /// Whether this is the nesting limit rather than malformed text.
    var isTooDeep: Bool {
        if case .tooDeep = kind { return true }
        return false
    }

    /// The message, describing the offending byte `found` (nil at the end of input).
    func message(found: UInt8?) -> String {
        let what = found.map(Self.describe) ?? "the end of the input"
        switch kind {
        case .unexpected(let expected): return "expected \(expected.described), found \(what)"
        case .unexpectedEnd(let expected): return "expected \(expected.described), found the end of the input"
        case .unterminatedString: return "string is not terminated"
        case .controlCharacterInString: return "control character \(what) must be escaped in a string"
        case .invalidEscape: return "invalid escape sequence in a string"
        case .invalidUTF8: return "invalid UTF-8 byte \(what)"
        case .invalidNumber: return "invalid number"
        case .tooDeep(let limit): return "JSON nesting is deeper than \(limit) levels"
        case .trailingContent: return "unexpected \(what) after the end of the record"
        }
    }

    /// A byte as messages show it: `'x'` for printable ASCII, hex otherwise.
    static func describe(_ byte: UInt8) -> String {
        if byte >= 0x21, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        let hex = String(byte, radix: 16, uppercase: true)
        return "byte 0x\(hex.count == 1 ? "0" + hex : hex)"
    }
}
