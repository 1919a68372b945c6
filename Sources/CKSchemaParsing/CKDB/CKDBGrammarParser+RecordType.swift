import CKSchemaCore

/// A record type being read, with the first location of each of its fields for duplicate facts.
struct RecordTypeBuilder {
    /// The record type as read so far.
    var recordType: RecordType
    /// Whether locations go into the source map: not for a duplicate definition, which the model drops.
    let recordsLocations: Bool
    /// The first definition of each field and system field name in this record type, to spot duplicates,
    /// found by the hash of the name (`definitionIndex`): a `[SchemaPath: SourceLocation]` ran SipHash over the
    /// type's and the field's names for every field, and grew from empty for every type.
    var definitions: [(name: String, location: SourceLocation)] = []
    var definitionIndex = HashedKeyTable()
    /// Whether the previous item was a GRANT (or a role standing alone after one), so that a bare role
    /// name next is read as a GRANT naming several roles.
    var followsGrant = false

    /// A builder whose tables hold `expectedItems` fields and system fields before they first grow.
    init(name: String, recordsLocations: Bool, expectedItems: Int = 0) {
        self.recordType = RecordType(name: name)
        self.recordsLocations = recordsLocations
        recordType.fields.reserveCapacity(expectedItems)
        definitions.reserveCapacity(expectedItems)
        definitionIndex = HashedKeyTable(minimumCapacity: expectedItems)
    }

    /// The record type's name.
    var name: String { recordType.name }
}

/// How the item list of a record type ended.
enum RecordTypeBodyEnd {
    /// At its `)`, which was consumed.
    case closed
    /// At a `;` (not consumed) after an error inside the list.
    case statementEnd
    /// At the end of the file after an error.
    case endOfFile
}

/// The items of `RECORD TYPE name ( … )`: fields and GRANTs, interleaved, comma-separated.
extension CKDBGrammarParser {
    /// Reads items up to and including the closing `)`. After an error inside an item it skips to the next
    /// `,` or `)` at the list's own level and goes on.
    mutating func parseBody(_ builder: inout RecordTypeBuilder) -> RecordTypeBodyEnd {
        if token.kind == .rightParen {
            advance()
            return .closed
        }
        while true {
            var failed = true
            if let item = parseItem(&builder) {
                failed = false
                if token.kind != .comma && token.kind != .rightParen {
                    reportExpected("',' or ')' after \(item) in record type '\(builder.name)'")
                    failed = true
                }
            }
            if failed { skipItem() }
            switch token.kind {
            case .comma:
                advance()
                if token.kind == .rightParen {
                    reportExpected("a field or 'GRANT' after ',' in record type '\(builder.name)'")
                    advance()
                    return .closed
                }
            case .rightParen:
                advance()
                return .closed
            case .semicolon:
                return .statementEnd
            default:
                return .endOfFile
            }
        }
    }

    /// Skips to the next `,` or `)` of the item list, passing over parenthesised groups, and stopping at a
    /// `;` or the end of the file.
    private mutating func skipItem() {
        var depth = 0
        while true {
            switch token.kind {
            case .endOfFile, .semicolon:
                return
            case .comma where depth == 0:
                return
            case .rightParen:
                if depth == 0 { return }
                depth -= 1
            case .leftParen:
                depth += 1
            default:
                break
            }
            advance()
        }
    }

    /// Reads one item; returns what it was (for a following error), or `nil` after reporting an error.
    private mutating func parseItem(_ builder: inout RecordTypeBuilder) -> RecordTypeItem? {
        // `grant` followed by a data type is a field called grant; otherwise it starts a GRANT.
        if isKeyword(.grant) && !(peekKeyword(1)?.startsDataType ?? false) {
            return parseGrant(&builder)
        }
        guard let name = readName() else {
            reportExpected("a field or 'GRANT' in record type '\(builder.name)'")
            return nil
        }
        if builder.followsGrant && (token.kind == .comma || token.kind == .rightParen) {
            // `GRANT CREATE TO "_creator", "_icloud"`: the extra role is noted, not granted.
            let grantIndex = builder.recordType.grants.count - 1
            sourceMap.facts.append(SyntaxFact(.grantWithSeveralRoles, at: location(of: name.token),
                                              subject: .grant(builder.name, grantIndex), text: name.text))
            return .extraRole(name.text)
        }
        builder.followsGrant = false
        return parseField(named: name, in: &builder)
    }

    /// `GRANT perm[, perm…] TO role`
    private mutating func parseGrant(_ builder: inout RecordTypeBuilder) -> RecordTypeItem? {
        let grantLocation = location(of: token)
        let grantIndex = builder.recordType.grants.count
        let subject = SchemaPath.grant(builder.name, grantIndex)
        consumeKeyword()
        var permissions = Permissions()
        var previous = position - 1
        while true {
            guard let permission = currentKeyword?.permission else {
                reportExpected("a permission (READ, CREATE or WRITE) after '\(text(of: tokens[previous]))'", subject: subject)
                return nil
            }
            if permissions.contains(permission) {
                sourceMap.facts.append(SyntaxFact(.repeatedPermission, at: location(of: token), subject: subject,
                                                  text: permission.keyword))
            }
            permissions.insert(permission)
            previous = position
            consumeKeyword()
            guard token.kind == .comma else { break }
            previous = position
            advance()
        }
        guard isKeyword(.to) else {
            reportExpected("',' or 'TO' after '\(text(of: tokens[previous]))' in 'GRANT'", subject: subject)
            return nil
        }
        consumeKeyword()
        guard let role = readName() else {
            reportExpected("a role name after 'TO'", subject: subject)
            return nil
        }
        noteUnquoted(role, subject: subject)
        builder.recordType.grants.append(Grant(permissions, to: role.text))
        if builder.recordsLocations { sourceMap.record(subject, at: grantLocation) }
        builder.followsGrant = true
        return .grant(role: role.text)
    }

    /// `name type [QUERYABLE|SORTABLE|SEARCHABLE]…`; system fields go to the type's system-field indexes.
    private mutating func parseField(named name: CKDBName, in builder: inout RecordTypeBuilder) -> RecordTypeItem? {
        let systemField = name.text.utf8.first == UInt8(ascii: "_") ? SystemField(rawValue: name.text) : nil
        let subject: SchemaPath = systemField.map { .systemField(builder.name, $0) } ?? .field(builder.name, name.text)
        noteUnquoted(name, subject: subject)
        let typeToken = token
        guard let type = parseDataType(forField: name.text, subject: subject) else { return nil }
        let optionsStart = position
        let indexes = parseIndexOptions(field: name.text, in: builder.name)
        if let systemField, type != systemField.type {
            sourceMap.facts.append(SyntaxFact(.systemFieldWrongType, at: location(of: typeToken), subject: subject,
                                              text: type.description))
        }
        let nameLocation = location(of: name.token)
        if let earlier = claim(subject, named: name.text, at: nameLocation, in: &builder) {
            let kind: SyntaxFact.Kind = systemField == nil ? .duplicateField : .duplicateSystemField
            sourceMap.facts.append(SyntaxFact(kind, at: nameLocation, subject: subject, text: name.text, related: earlier))
            return .field(name.text)
        }
        if let systemField {
            builder.recordType.setIndexes(indexes, on: systemField)
        } else {
            builder.recordType.fields.append(Field(name: name.text, type: type, indexes: indexes,
                                                   metadata: PrebuiltFieldMetadata.none))
            if builder.recordsLocations {
                sourceMap.record(.fieldType(builder.name, name.text), at: location(of: typeToken))
            }
        }
        if builder.recordsLocations {
            recordOptionLocations(tokens[optionsStart..<position], field: name.text, in: builder.name)
        }
        return .field(name.text)
    }

    /// Reads `QUERYABLE`, `SORTABLE`, `SEARCHABLE` in any order, noting repeats.
    private mutating func parseIndexOptions(field: String, in recordType: String) -> FieldIndexes {
        var indexes = FieldIndexes()
        while let option = currentKeyword?.indexOption {
            if indexes.contains(option) {
                sourceMap.facts.append(SyntaxFact(.repeatedIndexOption, at: location(of: token),
                                                  subject: .fieldIndex(recordType, field, option), text: option.keywords))
            }
            indexes.insert(option)
            consumeKeyword()
        }
        return indexes
    }

    /// Records where each option was first written, from the option tokens just read.
    private mutating func recordOptionLocations(_ optionTokens: ArraySlice<CKDBToken>, field: String, in recordType: String) {
        var seen = FieldIndexes()
        for optionToken in optionTokens {
            guard let option = optionToken.keyword?.indexOption, !seen.contains(option) else { continue }
            seen.insert(option)
            sourceMap.record(.fieldIndex(recordType, field, option), at: location(of: optionToken))
        }
    }

    /// Registers the first definition of a field or system field and returns `nil`, or returns where it was
    /// first defined. A duplicated record type keeps its definitions aside, out of the source map.
    /// The name decides the path (a system field's name is never a custom field's), so names are compared.
    private mutating func claim(_ path: SchemaPath, named name: String, at location: SourceLocation,
                                in builder: inout RecordTypeBuilder) -> SourceLocation? {
        let hash = HashedKeyTable.hash(name)
        if let earlier = builder.definitionIndex.first(hash, where: { builder.definitions[$0].name == name }) {
            return builder.definitions[earlier].location
        }
        builder.definitionIndex.insert(builder.definitions.count, for: hash)
        builder.definitions.append((name, location))
        if builder.recordsLocations { sourceMap.record(path, at: location) }
        return nil
    }
}

/// An item of a record type, named in the error that may follow it.
enum RecordTypeItem: CustomStringConvertible {
    /// A field or system field.
    case field(String)
    /// A GRANT, named by its role.
    case grant(role: String)
    /// A role standing alone after a GRANT.
    case extraRole(String)

    /// The item as error messages name it: `field 'title'`.
    var description: String {
        switch self {
        case .field(let name): "field '\(name)'"
        case .grant(let role): "the grant to '\(role)'"
        case .extraRole(let role): "role '\(role)'"
        }
    }
}
