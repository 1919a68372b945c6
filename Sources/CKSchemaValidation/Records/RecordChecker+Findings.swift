import CKSchemaCore

/// Where in a record a finding points, for its JSON pointer.
enum FindingPlace {
    /// The record itself.
    case record
    /// A key of the record dictionary (or a path below it, `zoneID/zoneName`).
    case recordKey(String)
    /// The current field's entry.
    case fieldEntry
    /// A key of the current field's entry (`type`, `isEncrypted`).
    case fieldKey(String)
    /// The current field's value (or list element).
    case value
    /// A member of the current value (`latitude`, `zoneID/zoneName`).
    case valueMember(String)
    /// The entry of the field called so (findings about a field the record lacks).
    case namedField(String)
    /// A pointer already computed.
    case pointer(String)
    /// The current `records/modify` operation, or its member so called (built only when reported: the
    /// place of every operation's `operationType` is named before anything is known to be wrong).
    case operationKey(String?)
}

/// Reporting: building located diagnostics only when there is something to say.
extension RecordChecker {
    /// Appends a finding at byte `offset` of the record.
    @inline(never)
    mutating func report(_ id: DiagnosticID, _ message: String, at offset: Int, _ place: FindingPlace,
                         severity: Severity? = nil, subject: SchemaPath? = nil) {
        let severity = severity ?? RecordRules.severity(of: id)
        if severity == .error { hasError = true }
        hasFindings = true
        // Past the limit a finding is only counted: memory stays bounded however many an input holds.
        guard output.findings.count < output.findingLimit else {
            output.omitted.count(severity)
            return
        }
        let finding = makeFinding(id, message, at: offset, place, severity: severity, subject: subject)
        if firstFinding < 0 { firstFinding = output.findings.count }
        output.findings.append(finding)
    }

    /// Builds a finding at byte `offset` of the record without recording it.
    @inline(never)
    mutating func makeFinding(_ id: DiagnosticID, _ message: String, at offset: Int, _ place: FindingPlace,
                              severity: Severity? = nil, subject: SchemaPath? = nil) -> Diagnostic {
        let (line, column) = positions.position(of: offset)
        let record = RecordReference(index: unit.index, recordName: nil, pointer: pointer(to: place))
        let subject = subject ?? currentField.map { .field($0.recordType, $0.name) }
            ?? typeIndex.map { .recordType(schema.types[$0].name) }
        return Diagnostic(
            id: id, severity: severity ?? RecordRules.severity(of: id), message: message,
            location: SourceLocation(file: file, line: line, column: column), subject: subject, record: record)
    }

    /// Reports a syntax error that ends the record.
    @inline(never)
    mutating func reportSyntax(_ error: SyntaxError) {
        let found: UInt8? = error.offset < unit.end ? json.base[error.offset] : nil
        report(error.isTooDeep ? .jsonTooDeep : .jsonSyntax, error.message(found: found), at: error.offset, .record,
               subject: nil)
        stoppedEarly = true
    }

    /// Reports the unpaired surrogates the scanner met.
    @inline(never)
    mutating func reportLoneSurrogates() {
        for offset in json.loneSurrogates {
            let text = String(decoding: UnsafeBufferPointer(start: json.base + offset, count: 6), as: UTF8.self)
            report(.jsonLoneSurrogate, "'\(text)' is half of a UTF-16 surrogate pair; JSON text must encode whole Unicode characters",
                   at: offset, .record, subject: nil)
        }
        json.loneSurrogates.removeAll()
    }

    @inline(never)
    mutating func reportDuplicateKey(_ key: StringToken, place: FindingPlace) {
        report(.jsonDuplicateKey, "key '\(decodedString(key))' appears more than once; readers disagree on which value wins",
               at: key.start - 1, place)
    }

    @inline(never)
    mutating func reportUnknownKey(_ key: StringToken, of dictionary: String, known: [String], place: FindingPlace) {
        let text = decodedString(key)
        report(.recordUnknownKey,
               "'\(text)' is not a key of a \(dictionary)" + Spelling.didYouMean(Spelling.closest(text, among: known)),
               at: key.start - 1, place)
    }

    /// Reads the next key of a dictionary the checker interprets: returns it when known (reporting a
    /// repeat), or reports an unknown key, skips its value and returns `nil`.
    @inline(__always)
    mutating func knownMember<Key: DictionaryKey>(_ seen: inout KeySet<Key>, of dictionary: String, depth: Int,
                                                  place: (String) -> FindingPlace) throws(SyntaxError) -> Key? {
        let key = try json.scanKey()
        guard let member = Key(key, in: json.base) else {
            reportUnknownKey(key, of: dictionary, known: Key.allNames, place: place(decodedString(key)))
            try json.skipValue(depth: depth + 1, limit: maximumDepth, stack: containerStack)
            return nil
        }
        if seen.insert(member) { reportDuplicateKey(key, place: place(member.text)) }
        return member
    }

    /// Reads the string value of member `name`, or reports `record_invalid_structure` and skips a value of
    /// another kind.
    mutating func stringMember(_ name: String, depth: Int, place: FindingPlace) throws(SyntaxError) -> StringToken? {
        guard json.peek == Byte.quote else {
            report(.recordInvalidStructure, "'\(name)' must be a string, found \(describeNext())", at: json.position, place)
            try json.skipValue(depth: depth, limit: maximumDepth, stack: containerStack)
            return nil
        }
        return try json.scanString()
    }

    /// Reports a value of the wrong JSON kind for the current field, then skips it.
    @inline(never)
    mutating func mismatch(_ expected: String, depth: Int) throws(SyntaxError) {
        guard let kind = json.nextValueKind else {
            throw SyntaxError(json.isAtEnd ? .unexpectedEnd(.value) : .unexpected(.value), at: json.position)
        }
        if kind == .boolean || kind == .null {
            // A misspelt literal is a syntax error, not a value of the wrong kind.
            let start = json.position
            _ = try json.scanLiteral()
            json.position = start
        }
        let field = currentField.map { " for field '\($0.name)' (\($0.type.description))" } ?? ""
        let what = listIndex >= 0 ? "list element" : "value"
        report(.recordValueTypeMismatch, "expected \(expected) as \(what)\(field), found \(describeNext())",
               at: json.position, .value)
        try json.skipValue(depth: depth, limit: maximumDepth, stack: containerStack)
    }

    // MARK: - Text of tokens

    /// The field being checked, when there is one (cold path: messages and subjects).
    var currentField: CompiledField? {
        guard let typeIndex, currentFieldIndex >= 0 else { return nil }
        return schema.types[typeIndex].fields[currentFieldIndex]
    }

    /// The string `token` decoded.
    func decodedString(_ token: StringToken) -> String {
        JSONStrings.string(token, in: json.base)
    }

    /// The UTF-8 bytes of `token` decoded.
    func decodedBytes(_ token: StringToken) -> [UInt8] {
        if token.hasEscapes { return JSONStrings.decode(token, in: json.base) }
        return Array(UnsafeBufferPointer(start: json.base + token.start, count: token.count))
    }

    /// The kind of the value under the cursor, described for messages.
    func describeNext() -> String {
        guard let kind = json.nextValueKind else { return "an invalid value" }
        if kind == .number, let text = numberText(at: json.position) { return "the number \(text)" }
        return kind.described
    }

    private func numberText(at offset: Int) -> String? {
        var end = offset
        while end < json.end, end - offset < 32, !Byte.isWhitespace(json.base[end]),
            json.base[end] != Byte.comma, json.base[end] != Byte.closeBrace, json.base[end] != Byte.closeBracket {
            end += 1
        }
        return String(decoding: UnsafeBufferPointer(start: json.base + offset, count: end - offset), as: UTF8.self)
    }

    /// Looks `token` up in `table`, decoding it first when it holds escapes.
    @inline(__always)
    func lookUp(_ token: StringToken, in table: ByteKeyLookup) -> Int? {
        if token.hasEscapes { return table.value(for: JSONStrings.decode(token, in: json.base)) }
        return table.value(for: json.base + token.start, count: token.count)
    }

    // MARK: - Pointers

    /// The JSON pointer (RFC 6901) of `place` in the current record.
    func pointer(to place: FindingPlace) -> String {
        let record = pointerStyle.pointer(toRecord: unit.index)
        switch place {
        case .record: return record
        case .recordKey(let key): return record + "/" + key
        case .fieldEntry: return fieldPointer(record)
        case .fieldKey(let key): return fieldPointer(record) + "/" + key
        case .value: return valuePointer(record)
        case .valueMember(let member): return valuePointer(record) + "/" + member
        case .namedField(let name):
            return record + (isCKTool ? "/" : "/fields/") + Self.escapePointerToken(name)
        case .pointer(let pointer): return pointer
        case .operationKey(let key): return Self.operationPointer(unit.index, key)
        }
    }

    private func fieldPointer(_ record: String) -> String {
        let name = fieldKey.map { Self.escapePointerToken(decodedString($0)) } ?? ""
        return isCKTool ? record + "/" + name : record + "/fields/" + name
    }

    private func valuePointer(_ record: String) -> String {
        fieldPointer(record) + "/value" + (listIndex >= 0 ? "/\(listIndex)" : "")
    }

    /// Escapes `~` and `/` in a pointer token.
    static func escapePointerToken(_ token: String) -> String {
        guard token.contains(where: { $0 == "~" || $0 == "/" }) else { return token }
        var escaped = ""
        for character in token {
            switch character {
            case "~": escaped += "~0"
            case "/": escaped += "~1"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
