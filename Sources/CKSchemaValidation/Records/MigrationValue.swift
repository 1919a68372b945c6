import CKSchemaCore

/// A field's value read whole, as a migration compares it: only for the records that hold both a retired
/// field and the field that replaced it, so the hot path never builds one.
indirect enum MigrationValue: Equatable, CustomStringConvertible {
    case text(String)
    case integer(Int64)
    case real(Double)
    /// A Web Services TIMESTAMP: milliseconds since 1970.
    case milliseconds(Double)
    case recordName(String)
    case list([MigrationValue])

    /// Reads the JSON value at `start..<end` of `base` as a value of a field of `kind` (a list of them when
    /// `isList`); `nil` when it is not one (its type finding is reported elsewhere) or cannot be compared
    /// (LOCATION, ASSET, a TIMESTAMP written as ISO 8601 text).
    static func read(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int, kind: ValueKind,
                     isList: Bool) -> MigrationValue? {
        var scanner = JSONScanner(base: base, start: start, end: end)
        if !isList, let number = wholeNumber(&scanner, kind: kind) { return number }
        guard let json = try? PlainJSON.read(&scanner, depth: 0) else { return nil }
        guard isList else { return scalar(json, kind: kind) }
        guard case .array(let elements) = json else { return nil }
        var values: [MigrationValue] = []
        for element in elements {
            guard let value = scalar(element, kind: kind) else { return nil }
            values.append(value)
        }
        return .list(values)
    }

    private static func scalar(_ json: PlainJSON, kind: ValueKind) -> MigrationValue? {
        switch (kind, json) {
        case (.string, .string(let text)), (.bytes, .string(let text)):
            return .text(text)
        case (.int64, .number(let digits)), (.int64, .string(let digits)):
            return integer(Array(digits.utf8))
        case (.double, .number(let digits)), (.number, .number(let digits)):
            return .real(DecimalText.doubleValue(Array(digits.utf8)))
        case (.timestamp, .number(let digits)):
            return .milliseconds(DecimalText.doubleValue(Array(digits.utf8)))
        case (.reference, .object(let members)):
            if case .string(let name)? = members["recordName"] { return .recordName(name) }
            return nil
        case (.reference, .string(let name)):
            return .recordName(name)
        default:
            return nil
        }
    }

    /// The usual number, a whole one of at most 15 digits, read from the scanner's token without text; `nil`
    /// (the cursor where it was) for anything else.
    private static func wholeNumber(_ scanner: inout JSONScanner, kind: ValueKind) -> MigrationValue? {
        scanner.skipWhitespace()
        let start = scanner.position
        guard scanner.nextValueKind == .number, let token = try? scanner.scanNumber(), token.isInteger,
              token.integerDigits <= 15 else {
            scanner.position = start
            return nil
        }
        let value = token.isNegative ? -Int64(token.magnitude) : Int64(token.magnitude)
        switch kind {
        case .int64: return .integer(value)
        case .double, .number: return .real(Double(value))
        case .timestamp: return .milliseconds(Double(value))
        default:
            scanner.position = start
            return nil
        }
    }

    private static func integer(_ text: [UInt8]) -> MigrationValue? {
        if case .integer(let value) = DecimalText.parseInteger(text) { return .integer(value) }
        if case .whole(let negative, let magnitude) = DecimalText.wholeValue(of: text), magnitude <= UInt64(Int64.max) {
            return .integer(negative ? -Int64(magnitude) : Int64(magnitude))
        }
        return nil
    }

    var description: String {
        switch self {
        case .text(let text): "\"\(text)\""
        case .integer(let value): String(value)
        case .real(let value): String(value)
        case .milliseconds(let value): "\(Int64(exactly: value).map(String.init) ?? String(value)) ms"
        case .recordName(let name): "a reference to '\(name)'"
        case .list(let values): "[" + values.map(\.description).joined(separator: ", ") + "]"
        }
    }
}

/// Whether a retired field's value and its replacement's say the same thing.
enum MigrationAgreement: Equatable {
    case agree
    case disagree
    /// One side is text that does not read as the number the other side is (`"abc"` next to 5).
    case unparsable(String)
    /// The values are not of the conversion's types (reported by the type checks instead).
    case notComparable

    /// Compares `old` (the retired field's value) with `new` through `conversion`, the way from old to new.
    /// Lossy conversions agree with what they keep: an INT64 beyond 2^53 with the nearest DOUBLE, a DOUBLE with
    /// an INT64 it rounds to (to nearest or toward zero); a scalar made a list with the list's first element.
    static func compare(old: MigrationValue, new: MigrationValue, conversion: FieldConversion) -> MigrationAgreement {
        switch (conversion, old, new) {
        case (.identity, .list(let olds), .list(let news)):
            guard olds.count == news.count else { return .disagree }
            for (old, new) in zip(olds, news) {
                let agreement = compare(old: old, new: new, conversion: .identity)
                if agreement != .agree { return agreement }
            }
            return .agree
        case (.identity, _, _):
            return old == new ? .agree : .disagree
        case (.scalarToList(let element), _, .list(let news)):
            guard let first = news.first else { return .disagree }
            return compare(old: old, new: first, conversion: element)
        case (.firstElement(let element), .list(let olds), _):
            guard let first = olds.first else { return .disagree }
            return compare(old: first, new: new, conversion: element)
        case (.integerToDouble, .integer(let integer), .real(let real)):
            // Beyond 2^53 the conversion keeps the nearest DOUBLE, which is what `Double(_:)` gives.
            return Double(integer) == real ? .agree : .disagree
        case (.doubleToInteger, .real(let real), .integer(let integer)):
            return rounds(real, to: integer) ? .agree : .disagree
        case (.stringToInteger, .text(let text), .integer(let integer)),
             (.integerToString, .integer(let integer), .text(let text)):
            guard case .integer(let parsed) = DecimalText.parseInteger(Array(text.utf8)) else { return .unparsable(text) }
            return parsed == integer ? .agree : .disagree
        case (.stringToDouble, .text(let text), .real(let real)),
             (.doubleToString, .real(let real), .text(let text)):
            guard DecimalText.isJSONNumber(text.utf8) else { return .unparsable(text) }
            return DecimalText.doubleValue(Array(text.utf8)) == real ? .agree : .disagree
        case (.timestampToDouble, .milliseconds(let milliseconds), .real(let seconds)),
             (.doubleToTimestamp, .real(let seconds), .milliseconds(let milliseconds)):
            // TIMESTAMP keeps whole milliseconds: seconds agree when they fall in the same millisecond.
            return abs(seconds * 1000 - milliseconds) < 1 ? .agree : .disagree
        case (.referenceToString, .recordName(let name), .text(let text)),
             (.stringToReference, .text(let text), .recordName(let name)):
            return name == text ? .agree : .disagree
        default:
            return .notComparable
        }
    }

    /// Whether `real` becomes `integer` by rounding to nearest or toward zero (how a DOUBLE loses its fraction).
    private static func rounds(_ real: Double, to integer: Int64) -> Bool {
        guard real.isFinite, abs(real) < 9.2e18 else { return false }
        return integer == Int64(real.rounded(.towardZero)) || integer == Int64(real.rounded())
    }
}

/// A JSON value read whole (only the values a migration compares are).
indirect enum PlainJSON: Equatable {
    case string(String)
    /// A number, as its text.
    case number(String)
    case literal
    case array([PlainJSON])
    case object([String: PlainJSON])

    /// Reads the value under the cursor; `depth` bounds the nesting (a migrated value is at most a list of
    /// dictionaries).
    static func read(_ scanner: inout JSONScanner, depth: Int) throws(SyntaxError) -> PlainJSON {
        guard depth < 8 else { throw SyntaxError(.tooDeep(limit: 8), at: scanner.position) }
        scanner.skipWhitespace()
        switch scanner.peek {
        case Byte.quote:
            return .string(JSONStrings.string(try scanner.scanString(), in: scanner.base))
        case Byte.openBrace:
            scanner.position += 1
            var members: [String: PlainJSON] = [:]
            if try scanner.objectHasMembers() {
                repeat {
                    let key = JSONStrings.string(try scanner.scanKey(), in: scanner.base)
                    members[key] = try read(&scanner, depth: depth + 1)
                } while try scanner.nextMember()
            }
            return .object(members)
        case Byte.openBracket:
            scanner.position += 1
            var elements: [PlainJSON] = []
            if scanner.arrayHasElements() {
                repeat {
                    elements.append(try read(&scanner, depth: depth + 1))
                } while try scanner.nextElement()
            }
            return .array(elements)
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            _ = try scanner.scanLiteral()
            return .literal
        default:
            let number = try scanner.scanNumber()
            return .number(String(decoding: UnsafeBufferPointer(start: scanner.base + number.start,
                                                                count: number.end - number.start), as: UTF8.self))
        }
    }
}
