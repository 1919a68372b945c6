import CKSchemaCore

/// A record type being read, with the first location of each of its fields for duplicate facts.
struct RecordTypeBuilder {
    var recordType: RecordType
    /// Whether locations go into the source map: not for a duplicate definition, which the model drops.
    let recordsLocations: Bool
    var fieldLocations: [String: SourceLocation] = [:]
    var systemFieldLocations: [SystemField: SourceLocation] = [:]
    /// Whether the previous item was a GRANT (or a role standing alone after one), so that a bare role
    /// name next is read as a GRANT naming several roles.
    var followsGrant = false

    init(name: String, recordsLocations: Bool) {
        self.recordType = RecordType(name: name)
        self.recordsLocations = recordsLocations
    }

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

    /// Reads one item; returns how to name it in a following error, or `nil` after reporting an error.
    private mutating func parseItem(_ builder: inout RecordTypeBuilder) -> String? {
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
            return "role '\(name.text)'"
        }
        builder.followsGrant = false
        return parseField(named: name, in: &builder)
    }

    /// `GRANT perm[, perm…] TO role`
    private mutating func parseGrant(_ builder: inout RecordTypeBuilder) -> String? {
        let grantLocation = location(of: token)
        let grantIndex = builder.recordType.grants.count
        let subject = SchemaPath.grant(builder.name, grantIndex)
        consumeKeyword()
        var permissions = Permissions()
        var context = "'GRANT'"
        while true {
            guard let permission = currentKeyword?.permission else {
                reportExpected("a permission (READ, CREATE or WRITE) after \(context)", subject: subject)
                return nil
            }
            if permissions.contains(permission) {
                sourceMap.facts.append(SyntaxFact(.repeatedPermission, at: location(of: token), subject: subject,
                                                  text: permission.keyword))
            }
            permissions.insert(permission)
            context = "'\(text(of: token))'"
            consumeKeyword()
            guard token.kind == .comma else { break }
            context = "','"
            advance()
        }
        guard isKeyword(.to) else {
            reportExpected("',' or 'TO' after \(context) in 'GRANT'", subject: subject)
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
        return "the grant to '\(role.text)'"
    }

    /// `name type [QUERYABLE|SORTABLE|SEARCHABLE]…`; system fields go to the type's system-field indexes.
    private mutating func parseField(named name: CKDBName, in builder: inout RecordTypeBuilder) -> String? {
        let systemField = SystemField(rawValue: name.text)
        let subject: SchemaPath = systemField.map { .systemField(builder.name, $0) } ?? .field(builder.name, name.text)
        noteUnquoted(name, subject: subject)
        let typeToken = token
        guard let type = parseDataType(forField: name.text, subject: subject) else { return nil }
        var indexes = FieldIndexes()
        var optionLocations: [(FieldIndexes, SourceLocation)] = []
        while let option = currentKeyword?.indexOption {
            let optionLocation = location(of: token)
            if indexes.contains(option) {
                sourceMap.facts.append(SyntaxFact(.repeatedIndexOption, at: optionLocation,
                                                  subject: .fieldIndex(builder.name, name.text, option),
                                                  text: option.keywords))
            }
            indexes.insert(option)
            optionLocations.append((option, optionLocation))
            consumeKeyword()
        }
        let nameLocation = location(of: name.token)
        if let systemField {
            if type != systemField.type {
                sourceMap.facts.append(SyntaxFact(.systemFieldWrongType, at: location(of: typeToken), subject: subject,
                                                  text: type.description))
            }
            if let first = builder.systemFieldLocations[systemField] {
                sourceMap.facts.append(SyntaxFact(.duplicateSystemField, at: nameLocation, subject: subject,
                                                  text: name.text, related: first))
                return "field '\(name.text)'"
            }
            builder.systemFieldLocations[systemField] = nameLocation
            builder.recordType.setIndexes(indexes, on: systemField)
        } else {
            if let first = builder.fieldLocations[name.text] {
                sourceMap.facts.append(SyntaxFact(.duplicateField, at: nameLocation, subject: subject,
                                                  text: name.text, related: first))
                return "field '\(name.text)'"
            }
            builder.fieldLocations[name.text] = nameLocation
            builder.recordType.fields.append(Field(name: name.text, type: type, indexes: indexes))
            if builder.recordsLocations {
                sourceMap.record(.fieldType(builder.name, name.text), at: location(of: typeToken))
            }
        }
        if builder.recordsLocations {
            sourceMap.record(subject, at: nameLocation)
            for (option, optionLocation) in optionLocations {
                sourceMap.record(.fieldIndex(builder.name, name.text, option), at: optionLocation)
            }
        }
        return "field '\(name.text)'"
    }
}
