import CKSchemaCore

/// The `fields` dictionary and each field entry `{"value", "type", "isEncrypted"}`.
extension RecordChecker {
    /// Checks the Web Services `fields` value under the cursor against the current record type.
    mutating func checkFields(depth: Int) throws(SyntaxError) {
        guard json.peek == Byte.openBrace else {
            report(.recordInvalidStructure, "'fields' must be an object, found \(describeNext())", at: json.position,
                   .recordKey("fields"))
            try json.skipValue(depth: depth, limit: maximumDepth, stack: containerStack)
            return
        }
        guard let typeIndex else {
            try json.skipValue(depth: depth, limit: maximumDepth, stack: containerStack)
            return
        }
        try checkFieldMembers(of: typeIndex, depth: depth)
    }

    /// Checks each `"name": entry` member of the object under the cursor against record type `type`.
    mutating func checkFieldMembers(of type: Int, depth: Int) throws(SyntaxError) {
        json.position += 1
        guard try json.objectHasMembers() else { return }
        let recordType = hotTypes[type]
        var previous = -1
        repeat {
            let guessSlot = recordType.guessBase + previous + 1
            let guess = Int(fieldGuesses[guessSlot])
            json.skipWhitespace()
            let key: StringToken
            var field = -1
            if guess < recordType.fieldCount,
                let length = recordType.quotedNames.prefixLength(guess, of: json.base + json.position,
                                                                available: json.end - json.position) {
                // The guessed field's compact key `"name":`, read as `scanKey` would read it.
                key = StringToken(start: json.position + 1, end: json.position + length - 2, hasEscapes: false)
                json.position += length
                json.skipWhitespace()
                field = guess
            } else {
                key = try json.scanKey()
                if guess < recordType.fieldCount, !key.hasEscapes,
                    recordType.names.matches(guess, json.base + key.start, key.count) {
                    field = guess
                } else if let found = lookUp(key, in: recordType.fieldTable) {
                    field = found
                    fieldGuesses[guessSlot] = Int32(found)
                }
            }
            fieldKey = key
            guard field >= 0 else {
                currentFieldIndex = -1
                reportUnknownField(key, of: type)
                try json.skipValue(depth: depth + 1, limit: maximumDepth, stack: containerStack)
                continue
            }
            previous = field
            currentFieldIndex = field
            let word = field >> 6
            let bit: UInt64 = 1 << UInt64(field & 63)
            if seenFields[word] & bit != 0 {
                reportDuplicateKey(key, place: .fieldEntry)
            }
            seenFields[word] |= bit
            if try checkFieldEntry(recordType.infos[field], tag: recordType.webServicesTags,
                                   usualEnds: recordType.usualEntryEnds, depth: depth + 1) {
                seenFields[seenFieldWords + word] |= bit
            }
        } while try json.nextMember()
        fieldKey = nil
        currentFieldIndex = -1
    }

    @inline(never)
    private mutating func reportUnknownField(_ key: StringToken, of type: Int) {
        let name = decodedString(key)
        let typeName = schema.types[type].name
        let suggestion = Spelling.closest(name, among: schema.types[type].fields.map(\.name))
        report(.recordUnknownField, "field '\(name)' is not in record type '\(typeName)'" + Spelling.didYouMean(suggestion),
               at: key.start - 1, .fieldEntry, severity: unknownNameSeverity, subject: .field(typeName, name))
    }

    /// Checks one field entry; returns whether it holds a value (`null` or a missing `value` does not).
    private mutating func checkFieldEntry(_ info: FieldInfo, tag usualTags: ByteStrings, usualEnds: ByteStrings,
                                          depth: Int) throws(SyntaxError) -> Bool {
        guard json.peek == Byte.openBrace else {
            report(.recordInvalidStructure, "a field entry must be an object with a 'value', found \(describeNext())",
                   at: json.position, .fieldEntry)
            try json.skipValue(depth: depth, limit: maximumDepth, stack: containerStack)
            return false
        }
        let entryStart = json.position
        var seen = KeySet<FieldEntryKey>()
        var hasValue = false
        var sawValue = false
        var sawType = false
        var encryptedFlag: (value: Bool, offset: Int)?
        var hasMembers: Bool
        if !isCKTool, json.startsCompactValueKey {
            // The usual compact entry, `{"value":…,"type":"STRING"}`, read with two comparisons and no key
            // scan; anything else goes on with the general loop from where it differs.
            json.position += JSONScanner.compactValueKeyLength
            json.skipWhitespace()
            _ = seen.insert(.value)
            sawValue = true
            hasValue = try checkEntryValue(info, depth: depth)
            if let length = usualEnds.prefixLength(currentFieldIndex, of: json.base + json.position,
                                                   available: json.end - json.position) {
                json.position += length
                sawType = true
                hasMembers = false
            } else {
                hasMembers = try json.nextMember()
            }
        } else {
            json.position += 1
            hasMembers = try json.objectHasMembers()
        }
        while hasMembers {
            // Matched inline rather than through `knownMember`: this loop runs for every field of every record.
            let key = try json.scanKey()
            if let entryKey = FieldEntryKey(key, in: json.base) {
                if seen.insert(entryKey) { reportDuplicateKey(key, place: .fieldKey(entryKey.text)) }
                switch entryKey {
                case .value:
                    sawValue = true
                    hasValue = try checkEntryValue(info, depth: depth)
                case .type:
                    sawType = true
                    try checkTypeTag(info, usualTags: usualTags, depth: depth + 1)
                case .isEncrypted:
                    let offset = json.position
                    if json.peek == UInt8(ascii: "t") || json.peek == UInt8(ascii: "f") {
                        encryptedFlag = (try json.scanLiteral() == .true, offset)
                    } else {
                        report(.recordInvalidStructure, "'isEncrypted' must be true or false, found \(describeNext())",
                               at: offset, .fieldKey("isEncrypted"))
                        try json.skipValue(depth: depth + 1, limit: maximumDepth, stack: containerStack)
                    }
                }
            } else {
                try skipUnknownEntryKey(key, depth: depth)
            }
            hasMembers = try json.nextMember()
        }
        if !sawValue {
            report(.recordInvalidStructure, "field entry has no 'value'", at: entryStart, .fieldEntry)
        }
        if isCKTool {
            if !sawType {
                report(.recordInvalidStructure, "cktool field entry has no 'type'", at: entryStart, .fieldEntry)
            }
        } else if hasValue, (encryptedFlag?.value ?? false) != info.isEncrypted {
            // Compared here: the usual entry agrees, and a call for every entry costs more than the check.
            reportEncryptionMismatch(info, flag: encryptedFlag, entryStart: entryStart)
        }
        return hasValue
    }

    /// Checks an entry's `value` and adds its size to the record's; returns false for `null`.
    @inline(__always)
    private mutating func checkEntryValue(_ info: FieldInfo, depth: Int) throws(SyntaxError) -> Bool {
        let start = json.position
        let hasValue = try checkValue(info, depth: depth + 1)
        if info.isMigrating, hasValue { migrationValues.append((currentFieldIndex, start, json.position)) }
        if info.kind == .bytes {
            dataBytes += (json.position - start) * 3 / 4
        } else if info.kind != .asset {
            dataBytes += json.position - start
        }
        return hasValue
    }

    @inline(never)
    private mutating func skipUnknownEntryKey(_ key: StringToken, depth: Int) throws(SyntaxError) {
        reportUnknownKey(key, of: "field entry", known: FieldEntryKey.allNames, place: .fieldKey(decodedString(key)))
        try json.skipValue(depth: depth + 1, limit: maximumDepth, stack: containerStack)
    }

    /// Rule 35: `isEncrypted` agrees with ENCRYPTED; REFERENCE and ASSET values are never encrypted. Called
    /// when they disagree.
    @inline(never)
    private mutating func reportEncryptionMismatch(_ info: FieldInfo, flag: (value: Bool, offset: Int)?, entryStart: Int) {
        let saysEncrypted = flag?.value ?? false
        guard let field = currentField else { return }
        if saysEncrypted {
            let reason = info.kind == .reference || info.kind == .asset
                ? "CloudKit never encrypts \(field.type.primitive.keyword) values"
                : "the field is not declared ENCRYPTED"
            report(.recordEncryptionMismatch, "field '\(field.name)' says \"isEncrypted\": true, but \(reason)",
                   at: flag?.offset ?? entryStart, .fieldKey("isEncrypted"))
        } else {
            report(.recordEncryptionMismatch,
                   "field '\(field.name)' is \(field.type.description); its entry must say \"isEncrypted\": true",
                   at: flag?.offset ?? entryStart, flag == nil ? .fieldEntry : .fieldKey("isEncrypted"))
        }
    }

    /// Rules 36: the `type` tag is a known name and agrees with the schema's type for the field.
    private mutating func checkTypeTag(_ info: FieldInfo, usualTags: ByteStrings, depth: Int) throws(SyntaxError) {
        let offset = json.position
        guard json.peek == Byte.quote else {
            report(.recordInvalidStructure, "'type' must be a string, found \(describeNext())", at: offset, .fieldKey("type"))
            try json.skipValue(depth: depth, limit: maximumDepth, stack: containerStack)
            return
        }
        let tag = try json.scanString()
        // The usual Web Services tag, confirmed by one comparison.
        if !isCKTool, !tag.hasEscapes, usualTags.matches(currentFieldIndex, json.base + tag.start, tag.count) { return }
        let mask = isCKTool ? info.cktoolTagMask : info.webServicesTagMask
        guard let index = lookUp(tag, in: tagTable) else {
            let known = isCKTool ? "a cktool type name such as 'stringType'" : "a CloudKit type such as 'STRING'"
            let text = decodedString(tag)
            let suggestion = Spelling.closest(text, among: isCKTool ? TypeTags.allCKToolTags : TypeTags.allWebServicesTags)
            report(.recordTypeTagUnknown, "'\(text)' is not \(known)" + Spelling.didYouMean(suggestion), at: offset,
                   .fieldKey("type"))
            return
        }
        if mask & (1 << UInt64(index)) == 0, let field = currentField {
            let expected = (isCKTool ? field.cktoolTags : field.webServicesTags)
                .map { "'" + String(decoding: $0, as: UTF8.self) + "'" }.joined(separator: " or ")
            report(.recordTypeTagMismatch,
                   "'type' is '\(decodedString(tag))' but field '\(field.name)' is \(field.type.description) (expected \(expected))",
                   at: offset, .fieldKey("type"))
        } else if isCKTool, index >= TypeTags.documentedCKToolTags.count {
            report(.recordTypeTagUnverified,
                   "'\(decodedString(tag))' is inferred from CloudKit internals; cktool's documentation does not list it",
                   at: offset, .fieldKey("type"))
        }
    }

    /// Checks the value under the cursor against `info`; returns false for `null` (no value).
    private mutating func checkValue(_ info: FieldInfo, depth: Int) throws(SyntaxError) -> Bool {
        if json.peek == UInt8(ascii: "n") {
            _ = try json.scanLiteral()
            return false
        }
        guard info.isList else {
            try checkScalar(info, depth: depth)
            return true
        }
        guard json.peek == Byte.openBracket else {
            try mismatch("a list", depth: depth)
            return true
        }
        guard depth < maximumDepth else { throw SyntaxError(.tooDeep(limit: maximumDepth), at: json.position) }
        json.position += 1
        if json.arrayHasElements() {
            var index = 0
            repeat {
                listIndex = index
                json.skipWhitespace()
                try checkScalar(info, depth: depth + 1)
                index += 1
            } while try json.nextElement()
        }
        listIndex = -1
        return true
    }
}
