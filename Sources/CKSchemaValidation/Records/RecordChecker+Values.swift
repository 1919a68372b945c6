import CKSchemaCore

/// Scalar values: STRING, INT64, DOUBLE, NUMBER, TIMESTAMP, BYTES, and dispatch to the dictionaries.
extension RecordChecker {
    /// The widest TIMESTAMP: ±100,000,000 days around 1970 in milliseconds (the range of a JavaScript
    /// `Date`, which Web Services clients use).
    static let timestampLimit: UInt64 = 8_640_000_000_000_000

    /// Checks one value (a scalar, or one list element) of the current field.
    @inline(__always)
    mutating func checkScalar(_ info: FieldInfo, depth: Int) throws(SyntaxError) {
        switch info.kind {
        case .string:
            guard json.peek == Byte.quote else { return try mismatch("a string", depth: depth) }
            let offset = json.position
            let token = try json.scanString()
            if info.hasEnum { checkEnumeration(token, at: offset) }
        case .int64:
            try checkInt64(info, depth: depth)
        case .double, .number:
            try checkDouble(depth: depth)
        case .timestamp:
            if isCKTool { try checkISOTimestamp(depth: depth) } else { try checkMillisecondTimestamp(depth: depth) }
        case .bytes:
            guard json.peek == Byte.quote else { return try mismatch("a Base64 string", depth: depth) }
            let offset = json.position
            let token = try json.scanString()
            checkBase64(token, at: offset)
        case .location:
            try checkLocation(depth: depth)
        case .reference:
            try checkReference(info, depth: depth)
        case .asset:
            try checkAsset(depth: depth)
        }
    }

    // MARK: - STRING

    @inline(never)
    private mutating func checkEnumeration(_ token: StringToken, at offset: Int) {
        guard let field = currentField, let table = field.enumTable, lookUp(token, in: table.lookup) == nil else { return }
        let allowed = field.enumValues.map { "'\($0)'" }.joined(separator: ", ")
        report(.recordEnumValue, "'\(decodedString(token))' is not a value of field '\(field.name)' (allowed: \(allowed))",
               at: offset, .value)
    }

    // MARK: - INT64

    /// Integers in the signed 64-bit range, as JSON numbers or decimal strings (`numbersAsStrings`).
    private mutating func checkInt64(_ info: FieldInfo, depth: Int) throws(SyntaxError) {
        let offset = json.position
        let value: Int64
        if json.peek == Byte.quote {
            let token = try json.scanString()
            switch DecimalText.parseInteger(decodedBytesIfEscaped(token)) {
            case .integer(let parsed): value = parsed
            case .outOfRange: return reportInt64OutOfRange(token, at: offset)
            case .notInteger:
                return report(.recordValueTypeMismatch,
                              "expected an integer or a decimal string for field '\(currentField?.name ?? "")' (INT64), found the string '\(decodedString(token))'",
                              at: offset, .value)
            }
        } else if json.nextValueKind == .number {
            let number = try json.scanNumber()
            guard number.isInteger else {
                return report(.recordInt64NotInteger,
                              "\(numberText(number)) is not a whole number; INT64 values are written without a fraction or exponent",
                              at: offset, .value)
            }
            guard let parsed = number.int64Value else { return reportInt64OutOfRange(number, at: offset) }
            value = parsed
        } else {
            return try mismatch(info.isBool ? "0 or 1" : "an integer", depth: depth)
        }
        if info.isBool, value != 0, value != 1 {
            report(.recordBoolValue, "\(value) is not a Boolean; 'bool' fields hold 0 or 1", at: offset, .value)
        }
    }

    @inline(never)
    private mutating func reportInt64OutOfRange(_ number: NumberToken, at offset: Int) {
        report(.recordInt64OutOfRange,
               "\(numberText(number)) is outside the INT64 range -9223372036854775808...9223372036854775807",
               at: offset, .value)
    }

    @inline(never)
    private mutating func reportInt64OutOfRange(_ token: StringToken, at offset: Int) {
        report(.recordInt64OutOfRange,
               "'\(decodedString(token))' is outside the INT64 range -9223372036854775808...9223372036854775807",
               at: offset, .value)
    }

    // MARK: - DOUBLE and NUMBER

    /// Finite numbers; integers are fine; numeric strings are accepted like `numbersAsStrings` writes them.
    private mutating func checkDouble(depth: Int) throws(SyntaxError) {
        let offset = json.position
        if json.nextValueKind == .number {
            let number = try json.scanNumber()
            if !number.isCertainlyFiniteDouble, !DecimalText.isFiniteDouble(numberBytes(number)) {
                report(.recordDoubleNotFinite, "\(numberText(number)) is too large for a DOUBLE", at: offset, .value)
            }
        } else if json.peek == Byte.quote {
            let token = try json.scanString()
            let text = decodedBytesIfEscaped(token)
            if DecimalText.isNonFiniteName(text) {
                report(.recordDoubleNotFinite, "'\(decodedString(token))' is not a finite number; CloudKit cannot store it",
                       at: offset, .value)
            } else if !DecimalText.isJSONNumber(text) {
                report(.recordValueTypeMismatch,
                       "expected a number for field '\(currentField?.name ?? "")', found the string '\(decodedString(token))'",
                       at: offset, .value)
            } else if !DecimalText.isFiniteDouble(text) {
                report(.recordDoubleNotFinite, "'\(decodedString(token))' is too large for a DOUBLE", at: offset, .value)
            }
        } else {
            try mismatch("a number", depth: depth)
        }
    }

    // MARK: - TIMESTAMP

    /// Web Services: whole milliseconds since 1970 (number or decimal string) within a JavaScript date's range.
    private mutating func checkMillisecondTimestamp(depth: Int) throws(SyntaxError) {
        let offset = json.position
        if json.nextValueKind == .number {
            let number = try json.scanNumber()
            // `1.7179776e12` is as whole as `1717977600000`: numbers with a fraction or exponent are read exactly.
            let whole: DecimalText.WholeResult = number.isInteger
                ? (number.magnitudeOverflows ? .tooLarge : .whole(negative: number.isNegative, magnitude: number.magnitude))
                : DecimalText.wholeValue(of: numberBytes(number))
            switch whole {
            case .notWhole:
                report(.recordTimestampInvalid,
                       "\(numberText(number)) is not whole milliseconds since 1970-01-01", at: offset, .value)
            case .tooLarge:
                reportTimestampOutOfRange(number, at: offset)
            case .whole(_, let magnitude) where magnitude > Self.timestampLimit:
                reportTimestampOutOfRange(number, at: offset)
            case .whole:
                break
            }
        } else if json.peek == Byte.quote {
            let token = try json.scanString()
            switch DecimalText.parseInteger(decodedBytesIfEscaped(token)) {
            case .integer(let value) where value.magnitude <= Self.timestampLimit:
                break
            case .integer, .outOfRange:
                report(.recordTimestampInvalid, "'\(decodedString(token))' ms is outside the range of dates", at: offset, .value)
            case .notInteger:
                report(.recordTimestampInvalid,
                       "'\(decodedString(token))' is not milliseconds since 1970; Web Services TIMESTAMP values are numbers",
                       at: offset, .value)
            }
        } else {
            try mismatch("milliseconds since 1970 as a number", depth: depth)
        }
    }

    @inline(never)
    private mutating func reportTimestampOutOfRange(_ number: NumberToken, at offset: Int) {
        report(.recordTimestampInvalid,
               "\(numberText(number)) ms is outside the range of dates (±8.64e15 ms around 1970)", at: offset, .value)
    }

    /// cktool: an ISO 8601 string (`2021-06-01T10:00:00Z`, `2021-06-01`, `2021-06-01 10:00`).
    private mutating func checkISOTimestamp(depth: Int) throws(SyntaxError) {
        guard json.peek == Byte.quote else { return try mismatch("an ISO 8601 date string", depth: depth) }
        let offset = json.position
        let token = try json.scanString()
        switch ISO8601Text.check(decodedBytesIfEscaped(token)) {
        case .valid:
            break
        case .invalid(let reason):
            report(.recordTimestampInvalid, "'\(decodedString(token))' is not a valid date: \(reason)", at: offset, .value)
        case .unrecognized:
            report(.recordTimestampUnrecognized,
                   "'\(decodedString(token))' is not ISO 8601; cktool may read localized forms, but ckschema cannot check them",
                   at: offset, .value)
        }
    }

    // MARK: - BYTES

    private mutating func checkBase64(_ token: StringToken, at offset: Int) {
        let problem: String? = token.hasEscapes
            ? decodedBytes(token).withUnsafeBufferPointer { Base64Text.problem(in: $0) }
            : Base64Text.problem(in: UnsafeBufferPointer(start: json.base + token.start, count: token.count))
        if let problem {
            report(.recordBytesInvalid, "BYTES value is not valid Base64: \(problem)", at: offset, .value)
        }
    }

    // MARK: - Helpers

    /// The raw bytes of `token`, or its decoded bytes when it holds escapes.
    func decodedBytesIfEscaped(_ token: StringToken) -> [UInt8] {
        decodedBytes(token)
    }

    /// The text of a number token.
    func numberText(_ number: NumberToken) -> String {
        String(decoding: numberBytes(number), as: UTF8.self)
    }

    /// The bytes of a number token.
    func numberBytes(_ number: NumberToken) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: json.base + number.start, count: number.end - number.start)
    }
}
