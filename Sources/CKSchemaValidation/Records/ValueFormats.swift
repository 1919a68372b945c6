#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Numbers written as text: decimal strings for INT64 and TIMESTAMP, numeric strings for DOUBLE.
enum DecimalText {
    /// What a decimal integer string holds.
    enum IntegerResult: Equatable {
        case integer(Int64)
        case outOfRange
        case notInteger
    }

    /// Parses `-?[0-9]+` into a signed 64-bit integer.
    static func parseInteger<Bytes: Collection<UInt8>>(_ text: Bytes) -> IntegerResult {
        var iterator = text.makeIterator()
        guard var byte = iterator.next() else { return .notInteger }
        let negative = byte == Byte.minus
        if negative {
            guard let next = iterator.next() else { return .notInteger }
            byte = next
        }
        var magnitude: UInt64 = 0
        var overflow = false
        while true {
            guard Byte.isDigit(byte) else { return .notInteger }
            let (times10, overflowA) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflowB) = times10.addingReportingOverflow(UInt64(byte - Byte.zero))
            magnitude = sum
            overflow = overflow || overflowA || overflowB
            guard let next = iterator.next() else { break }
            byte = next
        }
        if overflow { return .outOfRange }
        if negative {
            if magnitude <= UInt64(Int64.max) { return .integer(-Int64(magnitude)) }
            return magnitude == UInt64(Int64.max) + 1 ? .integer(.min) : .outOfRange
        }
        return magnitude <= UInt64(Int64.max) ? .integer(Int64(magnitude)) : .outOfRange
    }

    /// What a JSON number with a fraction or an exponent (`1.7179776e12`, `12.0`) amounts to as an integer.
    enum WholeResult: Equatable {
        /// A whole number: its sign and magnitude.
        case whole(negative: Bool, magnitude: UInt64)
        /// A whole number beyond 64 bits.
        case tooLarge
        /// A fraction remains.
        case notWhole
    }

    /// Reads the JSON number `text` exactly (no floating point): its digits times ten to the exponent, less
    /// the fraction's digits. Only numbers written with `.` or `e` come here, which is rare.
    static func wholeValue<Bytes: Collection<UInt8>>(of text: Bytes) -> WholeResult {
        var digits: [UInt8] = []
        var fractionCount = 0
        var exponent = 0
        var exponentSign = 1
        var negative = false
        var part = 0  // 0 integer, 1 fraction, 2 exponent
        for byte in text {
            switch byte {
            case Byte.minus where part == 0 && digits.isEmpty: negative = true
            case Byte.minus where part == 2: exponentSign = -1
            case Byte.plus: break
            case Byte.dot: part = 1
            case UInt8(ascii: "e"), UInt8(ascii: "E"): part = 2
            default:
                guard Byte.isDigit(byte) else { return .notWhole }
                if part == 2 {
                    exponent = min(exponent * 10 + Int(byte - Byte.zero), 1_000_000)
                } else {
                    digits.append(byte - Byte.zero)
                    if part == 1 { fractionCount += 1 }
                }
            }
        }
        while let last = digits.last, last == 0, !digits.isEmpty {
            digits.removeLast()
            fractionCount -= 1
        }
        while let first = digits.first, first == 0 { digits.removeFirst() }
        guard !digits.isEmpty else { return .whole(negative: negative, magnitude: 0) }
        let shift = exponent * exponentSign - fractionCount
        guard shift >= 0 else { return .notWhole }
        guard digits.count + shift <= 20 else { return .tooLarge }
        var magnitude: UInt64 = 0
        for digit in digits + Array(repeating: 0, count: shift) {
            let (times10, overflowA) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflowB) = times10.addingReportingOverflow(UInt64(digit))
            guard !overflowA, !overflowB else { return .tooLarge }
            magnitude = sum
        }
        return .whole(negative: negative, magnitude: magnitude)
    }

    /// Whether `text` follows the JSON number grammar.
    static func isJSONNumber<Bytes: Collection<UInt8>>(_ text: Bytes) -> Bool {
        let bytes = Array(text) + [0]
        return bytes.withUnsafeBufferPointer { buffer -> Bool in
            guard let base = buffer.baseAddress, !text.isEmpty else { return false }
            var scanner = JSONScanner(base: base, start: 0, end: buffer.count - 1)
            guard scanner.nextValueKind == .number, (try? scanner.scanNumber()) != nil else { return false }
            return scanner.isAtEnd
        }
    }

    /// Whether the JSON number `text` converts to a finite double.
    static func isFiniteDouble<Bytes: Collection<UInt8>>(_ text: Bytes) -> Bool {
        let terminated = Array(text) + [0]
        let value = terminated.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { strtod($0, nil) }
            } ?? 0
        }
        return value.isFinite
    }

    /// The value of the JSON number `text` as a double.
    static func doubleValue<Bytes: Collection<UInt8>>(_ text: Bytes) -> Double {
        let terminated = Array(text) + [0]
        return terminated.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { strtod($0, nil) }
            } ?? 0
        }
    }

    /// Whether `text` names a non-finite value (`NaN`, `Infinity`, `-inf`, …, any case).
    static func isNonFiniteName<Bytes: Collection<UInt8>>(_ text: Bytes) -> Bool {
        var name = String(decoding: text, as: UTF8.self).lowercased()
        if name.hasPrefix("-") || name.hasPrefix("+") { name.removeFirst() }
        return name == "nan" || name == "inf" || name == "infinity"
    }
}

/// Base64 as CloudKit sends BYTES: the standard alphabet, padding optional.
enum Base64Text {
    /// What is wrong with `text` as Base64, or `nil` when it is valid.
    static func problem(in text: UnsafeBufferPointer<UInt8>) -> String? {
        var dataCount = 0
        var padding = 0
        for (index, byte) in text.enumerated() {
            if byte == UInt8(ascii: "=") {
                padding += 1
                continue
            }
            guard padding == 0 else { return "'=' padding may appear only at the end" }
            guard isAlphabet(byte) else {
                return "\(SyntaxError.describe(byte)) at position \(index + 1) is not in the Base64 alphabet"
            }
            dataCount += 1
        }
        if dataCount % 4 == 1 { return "\(dataCount) Base64 characters cannot encode whole bytes" }
        if padding > 0, padding > 2 || (dataCount + padding) % 4 != 0 { return "wrong amount of '=' padding" }
        return nil
    }

    @inline(__always) private static func isAlphabet(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || Byte.isDigit(byte) || byte == Byte.plus || byte == Byte.slash
    }
}

/// The ISO 8601 forms cktool documents for TIMESTAMP values.
enum ISO8601Text {
    /// The verdict on a string.
    enum Verdict: Equatable {
        case valid
        /// It has ISO 8601's shape but names no real instant (month 13, 25 o'clock).
        case invalid(String)
        /// It is not in an ISO 8601 form ckschema knows.
        case unrecognized
    }

    /// Checks `YYYY-MM-DD`, optionally followed by `T` or a space, `HH:MM`, `:SS`, a fraction and a zone
    /// (`Z`, `±HH:MM`, `±HHMM`, `±HH`).
    static func check(_ text: [UInt8]) -> Verdict {
        var reader = DigitReader(text)
        guard let year = reader.digits(4), reader.take(Byte.minus), let month = reader.digits(2),
            reader.take(Byte.minus), let day = reader.digits(2) else { return .unrecognized }
        guard (1...12).contains(month) else { return .invalid("month \(month) does not exist") }
        guard (1...daysIn(month: month, year: year)).contains(day) else {
            return .invalid("day \(day) does not exist in month \(month)")
        }
        if reader.isAtEnd { return .valid }
        guard reader.take(UInt8(ascii: "T")) || reader.take(Byte.space), let hour = reader.digits(2),
            reader.take(Byte.colon), let minute = reader.digits(2) else { return .unrecognized }
        if reader.take(Byte.colon) {
            guard let second = reader.digits(2) else { return .unrecognized }
            guard second <= 60 else { return .invalid("second \(second) does not exist") }
            if reader.take(Byte.dot) || reader.take(Byte.comma) {
                guard reader.skipDigits() > 0 else { return .unrecognized }
            }
        }
        guard hour <= 23 else { return .invalid("hour \(hour) does not exist") }
        guard minute <= 59 else { return .invalid("minute \(minute) does not exist") }
        if reader.take(UInt8(ascii: "Z")) || reader.isAtEnd {
            return reader.isAtEnd ? .valid : .unrecognized
        }
        guard reader.take(Byte.plus) || reader.take(Byte.minus), let zoneHours = reader.digits(2) else {
            return .unrecognized
        }
        var zoneMinutes = 0
        if !reader.isAtEnd {
            _ = reader.take(Byte.colon)
            guard let minutes = reader.digits(2) else { return .unrecognized }
            zoneMinutes = minutes
        }
        guard reader.isAtEnd else { return .unrecognized }
        guard zoneHours <= 23, zoneMinutes <= 59 else { return .invalid("time zone offset is out of range") }
        return .valid
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Reads fixed-width digit groups and separators from the front of a byte string.
    private struct DigitReader {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
        }

        var isAtEnd: Bool { index >= bytes.count }

        mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        mutating func digits(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for offset in index..<(index + count) {
                guard Byte.isDigit(bytes[offset]) else { return nil }
                value = value * 10 + Int(bytes[offset] - Byte.zero)
            }
            index += count
            return value
        }

        mutating func skipDigits() -> Int {
            let start = index
            while index < bytes.count, Byte.isDigit(bytes[index]) { index += 1 }
            return index - start
        }
    }
}
