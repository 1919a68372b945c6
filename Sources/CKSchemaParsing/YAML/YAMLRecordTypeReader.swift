import CKSchemaCore

/// Reading one record type: its settings, system-field indexes and grants. Fields are in
/// `YAMLFieldReader.swift`.
extension YAMLSchemaReader {
    /// Reads the body of the record type at `type` (a mapping, or null for a type with nothing in it).
    func readRecordType(_ type: Int, body: Int) {
        let typeName = builder.name(ofType: type)
        let node = nodes[body]
        guard !node.isNull, node.kind != .invalid else { return }
        guard node.kind == .mapping else {
            reportInvalid(body, expected: "a mapping with 'fields', 'grants' and other keys",
                          for: "record type '\(typeName)'")
            return
        }
        for (key, value) in document.pairs(of: body) {
            guard let keyName = name(key, for: "a key") else { continue }
            switch keyName {
            case "database":
                if let database = choice(value, among: YAMLVocabulary.databases,
                                         for: "'database' of record type '\(typeName)'") {
                    builder.setMetadata(\.database, key: keyName, to: database, ofType: type, at: location(key),
                                        describe: \.rawValue)
                }
            case "zone":
                if let zone = name(value, for: "'zone' of record type '\(typeName)'") {
                    builder.setMetadata(\.zone, key: keyName, to: zone, ofType: type, at: location(key),
                                        describe: { $0 })
                }
            case "doc":
                if let documentation = text(value, for: "'doc' of record type '\(typeName)'") {
                    builder.setMetadata(\.documentation, key: keyName, to: documentation, ofType: type,
                                        at: location(key))
                }
            case "swiftName":
                if let swiftName = name(value, for: "'swiftName' of record type '\(typeName)'") {
                    builder.setMetadata(\.swiftName, key: keyName, to: swiftName, ofType: type, at: location(key),
                                        describe: { $0 })
                }
            case "merge":
                if let policy = choice(value, among: YAMLVocabulary.mergePolicies,
                                       for: "'merge' of record type '\(typeName)'") {
                    builder.setMetadata(\.mergeDefault, key: keyName, to: policy, ofType: type, at: location(key),
                                        describe: \.rawValue)
                }
            case "mergeClock":
                if let clock = name(value, for: "'mergeClock' of record type '\(typeName)'") {
                    builder.setMetadata(\.mergeClock, key: keyName, to: clock, ofType: type, at: location(key),
                                        describe: { $0 })
                }
            case "createdIn":
                if let origin = choice(value, among: YAMLVocabulary.recordOrigins,
                                       for: "'createdIn' of record type '\(typeName)'") {
                    builder.setMetadata(\.createdIn, key: keyName, to: origin, ofType: type, at: location(key),
                                        describe: \.rawValue)
                }
            case "fields":
                readFields(of: type, value)
            case "systemFields":
                readSystemFields(of: type, value)
            case "grants":
                readGrants(of: type, value, key: key)
            default:
                reportUnknownKey(key, among: YAMLVocabulary.recordTypeKeys, in: "in record type '\(typeName)'",
                                 subject: .recordType(typeName))
                continue
            }
            builder.record(.recordTypeKey(typeName, keyName), at: location(key))
        }
    }

    /// `systemFields: { recordID: [queryable], ___createTime: [sortable] }`.
    private func readSystemFields(of type: Int, _ index: Int) {
        let typeName = builder.name(ofType: type)
        guard let pairs = pairs(index, for: "'systemFields' of record type '\(typeName)'") else { return }
        for (key, value) in pairs {
            guard let keyText = name(key, for: "a system field") else { continue }
            guard let field = SystemField(named: keyText) else {
                let byConsoleName = SystemField.allCases.first { $0.consoleName.lowercased() == keyText.lowercased() }
                let known = SystemField.allCases.map(\.yamlKey)
                let suggestion = byConsoleName?.yamlKey ?? YAMLSuggestions.key(keyText, among: known)
                let list = known.map { "'\($0)'" }.joined(separator: ", ")
                report(.schemaUnknownKey,
                       "unknown system field '\(keyText)' in record type '\(typeName)'"
                           + (suggestion.map { "; did you mean '\($0)'?" } ?? "; expected one of \(list)"),
                       at: key, subject: .recordType(typeName))
                continue
            }
            guard let indexes = readIndexes(value, for: "the indexes of system field '\(keyText)'",
                                            owner: .systemField(typeName, field), recording: false) else { continue }
            builder.setIndexes(indexes, on: field, ofType: type, at: location(key))
        }
    }

    /// `grants: { _world: [read], … }`, or a list of such mappings when a role needs two separate grants.
    private func readGrants(of type: Int, _ index: Int, key: Int) {
        let typeName = builder.name(ofType: type)
        var grants: [Grant] = []
        var locations: [SourceLocation] = []
        let node = nodes[index]
        switch node.kind {
        case .mapping:
            readGrantEntries(index, typeName: typeName, into: &grants, locations: &locations)
        case .sequence:
            for item in document.items(of: index) {
                guard nodes[item].kind == .mapping, document.pairs(of: item).contains(where: { _ in true }) else {
                    reportInvalid(item,
                                  expected: "a mapping of a role to its permissions, such as '{ _creator: [write] }'",
                                  for: "an entry of 'grants' of record type '\(typeName)'")
                    continue
                }
                readGrantEntries(item, typeName: typeName, into: &grants, locations: &locations)
            }
        case .scalar where node.isNull:
            break
        case .scalar, .invalid:
            reportInvalid(index, expected: "a mapping of roles to permissions, such as '{ _world: [read] }'",
                          for: "'grants' of record type '\(typeName)'")
            return
        }
        guard builder.setGrants(grants, ofType: type, at: location(key)) else { return }
        for (position, location) in locations.enumerated() {
            builder.record(.grant(typeName, position), at: location)
        }
    }

    private func readGrantEntries(_ mapping: Int, typeName: String, into grants: inout [Grant],
                                  locations: inout [SourceLocation]) {
        for (key, value) in document.pairs(of: mapping) {
            guard let role = name(key, for: "a role") else { continue }
            guard let items = items(value, for: "the permissions of role '\(role)' in record type '\(typeName)'",
                                    example: "[read, write]") else { continue }
            var permissions = Permissions()
            for item in items {
                guard let permission = choice(item, among: YAMLVocabulary.permissions, for: "a permission") else {
                    continue
                }
                if permissions.contains(permission) {
                    builder.note(SyntaxFact(.repeatedPermission, at: location(item),
                                            subject: .grant(typeName, grants.count),
                                            text: permission.keyword.lowercased()))
                }
                permissions.insert(permission)
            }
            grants.append(Grant(permissions, to: role))
            locations.append(location(key))
        }
    }

    /// A list of index options (`[queryable, sortable]`) of a field (`owner` is `.field`) or a system field
    /// (`.systemField`). A repeated option leaves a `repeatedIndexOption` fact; when `recording`, each option
    /// of a field is located at `.fieldIndex`.
    func readIndexes(_ index: Int, for what: @autoclosure () -> String, owner: SchemaPath, recording: Bool)
        -> FieldIndexes? {
        guard let items = items(index, for: what(), example: "[queryable, sortable]") else { return nil }
        // The owner's names are taken apart once, not for every option.
        let field: (type: String, name: String)? = if case .field(let type, let name) = owner { (type, name) } else { nil }
        var indexes = FieldIndexes()
        for item in items {
            guard let option = choice(item, among: YAMLVocabulary.indexOptions, for: "an index") else { continue }
            if indexes.contains(option) {
                builder.note(SyntaxFact(.repeatedIndexOption, at: location(item),
                                        subject: field.map { .fieldIndex($0.type, $0.name, option) } ?? owner,
                                        text: option.yamlName))
            } else if recording, let field {
                builder.record(.fieldIndex(field.type, field.name, option), at: location(item))
            }
            indexes.insert(option)
        }
        return indexes
    }
}
