import CKSchemaCore

/// The migration keys of a field's long form: `renamedFrom: isFavorite`, `replaces: { field: stars, type: int64 }`,
/// `dualWrite:` and `lossy:`. They are gathered while the field's keys are read, in any order, and become the
/// field's `FieldMigration` once all are known. Whether the old field exists and the types convert is judged by
/// `MigrationCheck` (lint), which sees the whole record type.
struct MigrationKeys {
    /// `renamedFrom` or `replaces`, as read, with the node of its key.
    var source: (migration: FieldMigration, key: Int)?
    var dualWrite: (value: Bool, key: Int)?
    var lossy: (value: Bool, key: Int)?
}

extension YAMLSchemaReader {
    /// Reads one of the migration keys into `keys`, reporting malformed values at their node.
    func readMigrationKey(_ keyName: String, key: Int, value: Int, place: FieldPlace, recording: Bool,
                          into keys: inout MigrationKeys) {
        switch keyName {
        case "dualWrite":
            if let flag = bool(value, for: place.key(keyName)) { keys.dualWrite = (flag, key) }
        case "lossy":
            if let flag = bool(value, for: place.key(keyName)) { keys.lossy = (flag, key) }
        default:
            let source: FieldMigration? = keyName == "renamedFrom"
                ? name(value, for: place.key(keyName)).map { FieldMigration(kind: .rename, oldField: $0) }
                : replaces(value, place: place, recording: recording)
            guard let source else { return }
            if let earlier = keys.source {
                let other = earlier.migration.kind.rawValue
                report(.schemaInvalidValue,
                       "\(place) has both '\(other)' and '\(keyName)'; a field takes over from one old field: "
                           + "'renamedFrom' for the same type, 'replaces' for a type change",
                       at: key, subject: .fieldKey(place.typeName, place.fieldName, keyName))
                return
            }
            keys.source = (source, key)
        }
    }

    /// The field's migration from the keys read; `dualWrite` or `lossy` without `renamedFrom`/`replaces` is an
    /// error at that key (it has nothing to apply to, and the model has nowhere to keep it).
    func migration(from keys: MigrationKeys, place: FieldPlace) -> FieldMigration? {
        guard var migration = keys.source?.migration else {
            for (name, key) in [("dualWrite", keys.dualWrite?.key), ("lossy", keys.lossy?.key)] {
                guard let key else { continue }
                report(.schemaInvalidValue,
                       "'\(name)' of \(place) applies only to a field with 'renamedFrom' or 'replaces'",
                       at: key, subject: .fieldKey(place.typeName, place.fieldName, name))
            }
            return nil
        }
        migration.dualWrite = keys.dualWrite?.value ?? false
        migration.lossy = keys.lossy?.value ?? false
        return migration
    }

    /// `replaces: { field: stars, type: int64 }`: both keys required, nothing else allowed.
    private func replaces(_ index: Int, place: FieldPlace, recording: Bool) -> FieldMigration? {
        let what = place.key("replaces")
        guard nodes[index].kind == .mapping else {
            reportInvalid(index, expected: "a mapping such as { field: stars, type: int64 }", for: what)
            return nil
        }
        var oldField: String?
        var oldType: FieldType?
        var complete = true
        for (key, value) in document.pairs(of: index) {
            guard let keyName = name(key, for: "a key of \(what)") else { continue }
            switch keyName {
            case "field":
                oldField = name(value, for: "'field' of \(what)")
                complete = complete && oldField != nil
            case "type":
                oldType = replacedType(value, of: what, place: place)
                complete = complete && oldType != nil
            default:
                reportUnknownKey(key, among: YAMLVocabulary.replacesKeys, in: "in \(what)",
                                 subject: .fieldKey(place.typeName, place.fieldName, "replaces"))
                continue
            }
            if recording {
                builder.record(.fieldKey(place.typeName, place.fieldName, "replaces.\(keyName)"), at: location(value))
            }
        }
        // A key given with a bad value was reported where it is; only a key not given at all is reported here.
        let missing = [oldField == nil ? "field" : nil, oldType == nil ? "type" : nil].compactMap { $0 }
        guard complete, missing.isEmpty, let oldField, let oldType else {
            if complete, !missing.isEmpty, !nodes[index].isCutOff {
                report(.schemaMissingKey,
                       "\(what) has no \(missing.map { "'\($0)'" }.joined(separator: " or ")); write "
                           + "{ field: OLD_NAME, type: OLD_TYPE }",
                       at: index, subject: .fieldKey(place.typeName, place.fieldName, "replaces"))
            }
            return nil
        }
        return FieldMigration(kind: .retype, oldField: oldField, oldType: oldType)
    }

    /// The old field's type in `replaces`, written as a field type is (`int64`, `bool`, `list<string>`).
    private func replacedType(_ index: Int, of what: String, place: FieldPlace) -> FieldType? {
        guard let text = text(index, for: "'type' of \(what)") else { return nil }
        switch YAMLTypeName.parse(text) {
        case .known(let parsed):
            return parsed.type
        case .nestedList:
            report(.schemaUnknownType, "'\(text)' in 'type' of \(what) is not a CloudKit type; a list holds single "
                       + "values, not lists", at: index,
                   subject: .fieldKey(place.typeName, place.fieldName, "replaces.type"))
        case .unknown(let hint):
            let expected = "expected one of " + YAMLTypeName.primitiveNames.joined(separator: ", ") + " or list<…>"
            report(.schemaUnknownType, "unknown type '\(text)' in 'type' of \(what); \(hint ?? expected)", at: index,
                   subject: .fieldKey(place.typeName, place.fieldName, "replaces.type"))
        }
        return nil
    }
}
