import CKSchemaCore

/// The punctuation around records in the array, response and values layouts.
extension RecordStreamScanner {
    /// Handles the structure state at `offset`; returns where to go on, or `nil` when more bytes are needed.
    mutating func scanStructure(_ buffer: UnsafePointer<UInt8>, base: Int, from offset: Int, count: Int,
                                isEndOfInput: Bool) -> Int? {
        var cursor = offset
        while cursor < count, Byte.isWhitespace(buffer[cursor]) { cursor += 1 }
        guard cursor < count else {
            guard isEndOfInput else { return count }
            switch state {
            case .values, .trailing:
                state = .finished
            case .arrayElement, .arrayAfterElement:
                fail(.unexpectedEnd(.commaOrArrayEnd), at: count, buffer, base: base,
                     message: "the records array is not closed before the end of the input")
            default:
                fail(.unexpectedEnd(.commaOrObjectEnd), at: count, buffer, base: base,
                     message: "the response object is not closed before the end of the input")
            }
            return count
        }
        let byte = buffer[cursor]
        switch state {
        case .values:
            return startRecord(buffer, base: base, at: cursor)
        case .arrayElement(let first):
            if byte == Byte.closeBracket {
                if first { return closeArray(at: cursor) }
                fail(.unexpected(.value), at: cursor, buffer, base: base, message: "expected a record after ',', found ']'")
                return count
            }
            if !first, offersArrayElement(buffer, base: base, at: cursor) {
                offerArrayElement(at: cursor)
                return cursor
            }
            return startRecord(buffer, base: base, at: cursor)
        case .arrayAfterElement:
            if byte == Byte.comma {
                state = .arrayElement(first: false)
                return cursor + 1
            }
            if byte == Byte.closeBracket { return closeArray(at: cursor) }
            fail(.unexpected(.commaOrArrayEnd), at: cursor, buffer, base: base, found: byte)
            return count
        case .responseKey(let first):
            if first, byte == Byte.closeBrace {
                state = .trailing
                return cursor + 1
            }
            return scanResponseKey(buffer, base: base, at: cursor, count: count, isEndOfInput: isEndOfInput)
        case .responseAfterValue:
            if byte == Byte.comma {
                state = .responseKey(first: false)
                return cursor + 1
            }
            if byte == Byte.closeBrace {
                state = .trailing
                return cursor + 1
            }
            fail(.unexpected(.commaOrObjectEnd), at: cursor, buffer, base: base, found: byte)
            return count
        default:
            fail(.trailingContent, at: cursor, buffer, base: base,
                 message: "unexpected \(SyntaxError.describe(byte)) after the end of the JSON document")
            return count
        }
    }

    /// Starts reading a record at `offset`.
    private mutating func startRecord(_ buffer: UnsafePointer<UInt8>, base: Int, at offset: Int) -> Int {
        position.advance(to: base + offset, in: buffer, base: base)
        state = .record(ElementScanner(), start: base + offset, scanned: base + offset, line: position.line,
                        column: position.column, discarding: false)
        return offset
    }

    private mutating func closeArray(at offset: Int) -> Int {
        state = layout == .response ? .responseAfterValue : .trailing
        return offset + 1
    }

    /// Reads `"key": ` in a response; `records` opens the records array, other members are skipped.
    private mutating func scanResponseKey(_ buffer: UnsafePointer<UInt8>, base: Int, at offset: Int, count: Int,
                                          isEndOfInput: Bool) -> Int? {
        guard buffer[offset] == Byte.quote else {
            fail(.unexpected(.key), at: offset, buffer, base: base, found: buffer[offset])
            return count
        }
        var end = offset + 1
        while end < count, buffer[end] != Byte.quote {
            end += buffer[end] == Byte.backslash ? 2 : 1
        }
        var cursor = end + 1
        while cursor < count, Byte.isWhitespace(buffer[cursor]) { cursor += 1 }
        if cursor < count {
            guard buffer[cursor] == Byte.colon else {
                fail(.unexpected(.colon), at: cursor, buffer, base: base, found: buffer[cursor])
                return count
            }
            cursor += 1
            while cursor < count, Byte.isWhitespace(buffer[cursor]) { cursor += 1 }
        }
        guard cursor < count else {
            if isEndOfInput {
                fail(.unexpectedEnd(.value), at: count, buffer, base: base)
                return count
            }
            if count - offset > maximumRecordBytes {
                fail(.unexpected(.key), at: offset, buffer, base: base,
                     message: "response key is longer than \(maximumRecordBytes) bytes")
                return count
            }
            return nil
        }
        let key = UnsafeBufferPointer(start: buffer + offset + 1, count: end - offset - 1)
        let isRecords = key.elementsEqual("records".utf8)
        if isRecords || key.elementsEqual("operations".utf8) {
            guard buffer[cursor] == Byte.openBracket else {
                fail(.unexpected(.value), at: cursor, buffer, base: base,
                     message: "'\(isRecords ? "records" : "operations")' must be an array, found \(SyntaxError.describe(buffer[cursor]))")
                return count
            }
            envelopeArray = isRecords ? .responseRecord : .operationRecord
            state = .arrayElement(first: true)
            return cursor + 1
        }
        state = .skippingMember(ElementScanner())
        return cursor
    }

    /// Reports a structural problem and stops reading the input.
    mutating func fail(_ kind: SyntaxError.Kind, at offset: Int, _ buffer: UnsafePointer<UInt8>, base: Int,
                       found: UInt8? = nil, message: String? = nil) {
        if layout != .lines { position.advance(to: base + offset, in: buffer, base: base) }
        let text = message ?? SyntaxError(kind, at: offset).message(found: found)
        findings.append(Diagnostic(
            id: .jsonSyntax, severity: .error, message: text,
            location: SourceLocation(file: file, line: position.line, column: position.column)))
        state = .finished
    }
}
