import CKSchemaCore

/// Reading the fields of a record type: the shorthand `title: string` and the long form
/// `title: { type: string, indexes: [queryable] }`.
extension YAMLSchemaReader {
    /// `fields: { name: type-or-definition, … }`.
    func readFields(of type: Int, _ index: Int) {
        let typeName = builder.name(ofType: type)
        guard let pairs = pairs(index, for: "'fields' of record type '\(typeName)'") else { return }
        builder.reserveFields(pairs.count, inType: type)
        // A type's first `fields` mapping holds each name once (the composer drops repeated keys), so its
        // fields are added without a lookup; a later file's fields are looked up among those already read.
        let isFirstMapping = builder.hasNoFields(type)
        for (key, value) in pairs {
            guard let fieldName = name(key, for: "a field name") else { continue }
            let firstDefinition = isFirstMapping ? nil : builder.firstDefinition(ofField: fieldName, inType: type)
            // A field defined again in a later file is still checked, but only the first definition counts.
            let field = readField(fieldName, of: typeName, key: key, body: value, recording: firstDefinition == nil)
            if let firstDefinition {
                builder.note(SyntaxFact(.fieldRedeclaredAcrossFiles, at: location(key),
                                        subject: .field(typeName, fieldName), text: fieldName,
                                        related: firstDefinition))
                continue
            }
            // The field is handed over, not copied: a copy of a field with its metadata cost as much as reading it.
            guard let field = consume field else { continue }
            if isFirstMapping {
                builder.addNewField(field, toType: type, at: location(key))
            } else {
                builder.addField(field, toType: type, at: location(key))
            }
        }
    }

    /// Reads one field; `nil` when it has no usable type. Positions are recorded only when `recording`.
    private func readField(_ name: String, of typeName: String, key: Int, body: Int, recording: Bool) -> Field? {
        let node = nodes[body]
        switch node.kind {
        case .invalid:
            return nil
        case .scalar where node.isNull:
            // `{ title:string }` is a valid key `title:string` without a value.
            let hint = name.contains(":") ? "; is a space missing after ':'?"
                : "; write '\(name): string' or '\(name): { type: string }'"
            report(.schemaMissingKey, "field '\(name)' of record type '\(typeName)' has no type\(hint)",
                   at: key, subject: .field(typeName, name))
            return nil
        case .scalar:
            guard let parsed = fieldType(body, field: name, of: typeName) else { return nil }
            if recording { builder.record(.fieldType(typeName, name), at: location(body)) }
            return Field(name: name, type: parsed.type,
                         metadata: parsed.isBool ? PrebuiltFieldMetadata.bool : PrebuiltFieldMetadata.none)
        case .sequence:
            reportInvalid(body, expected: "a type name or a mapping with 'type'",
                          for: "field '\(name)' of record type '\(typeName)'")
            return nil
        case .mapping:
            return readLongField(name, of: typeName, key: key, body: body, recording: recording)
        }
    }

    private func readLongField(_ name: String, of typeName: String, key fieldKey: Int, body: Int,
                               recording: Bool) -> Field? {
        let place = FieldPlace(typeName: typeName, fieldName: name)
        var typeNode: Int?
        var parsedType: YAMLTypeName?
        var isEncrypted = false
        var indexes = FieldIndexes()
        var preference: (value: NumberPreference, key: Int)?
        var enumeration: (values: [String], key: Int)?
        var metadata = PrebuiltFieldMetadata.none
        var migration = MigrationKeys()
        for (key, value) in document.pairs(of: body) {
            guard let keyName = self.name(key, for: "a key") else { continue }
            switch keyName {
            case "type":
                typeNode = value
                parsedType = fieldType(value, field: name, of: typeName)
            case "encrypted":
                isEncrypted = bool(value, for: place.key(keyName)) ?? false
            case "indexes":
                indexes = readIndexes(value, for: place.key(keyName), owner: .field(typeName, name),
                                      recording: recording) ?? []
            case "preferredAs":
                if let value = choice(value, among: YAMLVocabulary.numberPreferences,
                                      for: place.key(keyName)) {
                    preference = (value, key)
                }
            case "enum":
                if let values = enumValues(value, place: place) { enumeration = (values, key) }
            case "to":
                metadata.referenceTarget = self.name(value, for: place.key(keyName))
            case "action":
                metadata.referenceAction = choice(value, among: YAMLVocabulary.referenceActions,
                                                  for: place.key(keyName))
            case "required":
                metadata.isRequired = bool(value, for: place.key(keyName)) ?? false
            case "default":
                metadata.defaultValue = literal(value, for: place.key(keyName))
            case "doc":
                metadata.documentation = text(value, for: place.key(keyName))
            case "swiftName":
                metadata.swiftName = self.name(value, for: place.key(keyName))
            case "deprecated":
                metadata.deprecation = text(value, for: place.key(keyName))
            case "merge":
                metadata.mergePolicy = choice(value, among: YAMLVocabulary.mergePolicies, for: place.key(keyName))
            case "renamedFrom", "replaces", "dualWrite", "lossy":
                readMigrationKey(keyName, key: key, value: value, place: place, recording: recording, into: &migration)
            default:
                reportUnknownKey(key, among: YAMLVocabulary.fieldKeys, in: "in \(place)",
                                 subject: .field(typeName, name))
                continue
            }
            // `type` and `indexes` are located by `.fieldType` and `.fieldIndex`; the other keys by their key.
            if recording, keyName != "type", keyName != "indexes" {
                builder.record(.fieldKey(typeName, name, keyName), at: location(key))
            }
        }
        guard let typeNode else {
            if !nodes[body].isCutOff {
                report(.schemaMissingKey, "\(place) has no 'type'", at: fieldKey, subject: .field(typeName, name))
            }
            return nil
        }
        guard let parsedType else { return nil }
        if recording { builder.record(.fieldType(typeName, name), at: location(typeNode)) }

        var type = parsedType.type
        if isEncrypted { type.isEncrypted = true }
        if let preference {
            if case .number = type.primitive {
                type.primitive = .number(preferredAs: preference.value)
            } else {
                let typeName = type.yamlName(asBool: parsedType.isBool)
                report(.schemaInvalidValue, "'preferredAs' applies only to type 'number'; \(place) is '\(typeName)'",
                       at: preference.key, subject: .fieldKey(typeName, name, "preferredAs"))
            }
        }
        if parsedType.isBool { metadata.logicalType = .bool }
        metadata.migration = self.migration(from: migration, place: place)
        if let enumeration {
            if parsedType.isBool {
                report(.schemaInvalidValue, "'enum' cannot be combined with type 'bool' in \(place)",
                       at: enumeration.key, subject: .fieldKey(typeName, name, "enum"))
            } else {
                metadata.logicalType = .enumeration(enumeration.values)
            }
        }
        return Field(name: name, type: type, indexes: indexes, metadata: metadata)
    }

    /// Reads a type name, reporting unknown ones with a suggestion.
    private func fieldType(_ index: Int, field: String, of typeName: String) -> YAMLTypeName? {
        guard let text = text(index, for: "the type of field '\(field)' of record type '\(typeName)'") else {
            return nil
        }
        switch YAMLTypeName.parse(text) {
        case .known(let parsed):
            return parsed
        case .nestedList:
            report(.schemaUnknownType, "'\(text)' is not a CloudKit type; a list holds single values, not lists",
                   at: index, subject: .fieldType(typeName, field))
        case .unknown(let hint):
            let expected = "expected one of " + YAMLTypeName.primitiveNames.joined(separator: ", ") + " or list<…>"
            report(.schemaUnknownType, "unknown type '\(text)'; \(hint ?? expected)", at: index,
                   subject: .fieldType(typeName, field))
        }
        return nil
    }

    /// `enum: [happy, sad]`: each value is text, whatever it looks like.
    private func enumValues(_ index: Int, place: FieldPlace) -> [String]? {
        guard let items = items(index, for: place.key("enum"), example: "[happy, sad]") else { return nil }
        var values: [String] = []
        for item in items {
            if let value = text(item, for: "a value of 'enum' in \(place)") { values.append(value) }
        }
        return values
    }
}

/// Names a field in messages, built only when a message needs it.
struct FieldPlace: CustomStringConvertible {
    let typeName: String
    let fieldName: String

    var description: String { "field '\(fieldName)' of record type '\(typeName)'" }

    /// `'encrypted' of field 'body' of record type 'Note'`.
    func key(_ key: String) -> String { "'\(key)' of \(description)" }
}
