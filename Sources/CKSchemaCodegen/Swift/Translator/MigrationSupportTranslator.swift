import CKSchemaCore

/// Translates the support code of field migrations (`renamedFrom`, `replaces`), generated only when some field
/// declares one: `CloudKitSchema.Migration` (the value conversions, every platform), the reader and writer
/// helpers the models call, and the preparation of a conflict's records so that a side that wrote only the
/// retired field counts as having changed the field that replaced it.
struct MigrationSupportTranslator {
    let namespace: String
    /// The access level written on public API (`nil` for internal).
    let access: SwiftAccess?

    // MARK: - Conversions (every platform)

    /// `enum Migration`: one non-overloaded function per conversion, each taking a value and returning the
    /// converted value or `nil` when there is none.
    var conversions: SwiftDeclaration {
        let function = { (name: String, generics: [String], from: String, to: String, body: [String], doc: String) in
            SwiftDeclaration.function(SwiftFunctionDeclaration(
                access: access, isStatic: true, kind: .function(name: name), genericParameters: generics,
                parameters: [SwiftParameter(label: "_", name: "value", type: from)], returnType: to + "?", body: body
            )).documented([doc])
        }
        let members: [SwiftDeclaration] = [
            function("integerToDouble", [], "Int64", "Double", ["Double(value)"],
                     "INT64 → DOUBLE; beyond ±2^53 the nearest DOUBLE (a `lossy` migration)."),
            function("doubleToInteger", [], "Double", "Int64", [
                "guard value.isFinite else { return nil }",
                "let whole = value.rounded(.towardZero)",
                "// 2^63 is exact as a Double; Int64 holds up to 2^63 - 1.",
                "guard whole >= -9_223_372_036_854_775_808.0, whole < 9_223_372_036_854_775_808.0 else { return nil }",
                "return Int64(whole)",
            ], "DOUBLE → INT64, the integer part (the fraction dropped); `nil` for NaN, infinities and values outside INT64."),
            function("stringToInteger", [], "String", "Int64",
                     ["Int64(value.trimmingCharacters(in: .whitespacesAndNewlines))"],
                     "STRING → INT64 by parsing a decimal integer (spaces around it allowed); `nil` for any other text."),
            function("stringToDouble", [], "String", "Double", [
                "guard let number = Double(value.trimmingCharacters(in: .whitespacesAndNewlines)), number.isFinite else {",
                "    return nil",
                "}",
                "return number",
            ], "STRING → DOUBLE by parsing a decimal number; `nil` for any other text, NaN and infinities."),
            function("integerToString", [], "Int64", "String", ["String(value)"], "INT64 → STRING in decimal."),
            function("doubleToString", [], "Double", "String", ["value.isFinite ? String(value) : nil"],
                     "DOUBLE → STRING, the shortest text that parses back to the same value; `nil` for NaN and infinities."),
            function("timestampToDouble", [], "Date", "Double", ["value.timeIntervalSince1970"],
                     "TIMESTAMP → DOUBLE, seconds since 1970."),
            function("doubleToTimestamp", [], "Double", "Date",
                     ["value.isFinite ? Date(timeIntervalSince1970: value) : nil"],
                     "DOUBLE seconds since 1970 → TIMESTAMP; `nil` for NaN and infinities."),
            function("recordName", ["Target"], "RecordID<Target>", "String", ["value.recordName"],
                     "REFERENCE → STRING: the record name."),
            function("list", ["Value"], "Value", "[Value]", ["[value]"], "A value → a list holding it."),
            function("first", ["Value"], "[Value]", "Value", ["value.first"], "A list → its first element (the way back of `list`)."),
            SwiftDeclaration.function(SwiftFunctionDeclaration(
                access: access, isStatic: true, kind: .function(name: "each"), genericParameters: ["Value", "Converted"],
                parameters: [SwiftParameter(label: "_", name: "convert", type: "@escaping (Value) -> Converted?")],
                returnType: "([Value]) -> [Converted]?",
                body: [
                    "{ values in",
                    "    var converted: [Converted] = []",
                    "    converted.reserveCapacity(values.count)",
                    "    for value in values {",
                    "        guard let element = convert(value) else { return nil }",
                    "        converted.append(element)",
                    "    }",
                    "    return converted",
                    "}",
                ]
            )).documented(["`convert` applied to each element of a list; `nil` when an element does not convert."]),
        ]
        return SwiftDeclaration.enum(SwiftTypeDeclaration(access: access, name: "Migration", members: members))
            .documented(["The conversions of field migrations (`replaces:`): how a retired field's value reads as the",
                         "value of the field that replaced it, and how `dualWrite` writes it back."])
    }

    // MARK: - Reader and writer (CloudKit)

    /// The members `RecordReader` gains: the keys a read migrated, and the readers conversions need.
    var readerMembers: [SwiftDeclaration] {
        [
            SwiftDeclaration.property(SwiftPropertyDeclaration(
                access: .private, name: "migratedKeys", type: "[String]", initializer: "[]"
            )).documented(["The fields read from the fields they replaced, which saving must write."]),
            SwiftDeclaration.function(SwiftFunctionDeclaration(
                isMutating: true, kind: .function(name: "migrated"), genericParameters: ["Value"],
                parameters: [SwiftParameter(label: "_", name: "key", type: "String"),
                             SwiftParameter(label: "_", name: "value", type: "Value?")],
                returnType: "Value?",
                body: ["if value != nil { migratedKeys.append(key) }", "return value"]
            )).documented(["Returns `value`, read from the field `key` replaced; when there is one, the model counts `key`",
                           "as set, so that saving it writes `key` and the record is migrated."]),
            SwiftDeclaration.function(SwiftFunctionDeclaration(
                kind: .function(name: "recordName"),
                parameters: [SwiftParameter(label: "_", name: "key", type: "String")], isThrowing: true,
                returnType: "String?",
                body: ["try value(key, \"REFERENCE\") { ($0 as? CKRecord.Reference)?.recordID.recordName }"]
            )).documented(["Reads a REFERENCE field as the record name of its target."]),
            SwiftDeclaration.function(SwiftFunctionDeclaration(
                kind: .function(name: "recordID"), genericParameters: ["Target"],
                parameters: [SwiftParameter(label: "named", name: "name", type: "String")],
                returnType: "RecordID<Target>?",
                body: Self.recordIDBody
            )).documented(["The ID of the record named `name` in this record's zone; `nil` for an empty name."]),
        ]
    }

    /// The body of a reader's `fieldChanges`: the keys read, and with `marksMigrated` the migrated ones set.
    static func fieldChangesBody(marksMigrated: Bool) -> [String] {
        let keys = [
            "var keys = Set(record.allKeys())",
            "if #available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *) {",
            "    keys.formUnion(record.encryptedValues.allKeys())",
            "}",
        ]
        guard marksMigrated else { return keys + ["return FieldChanges(readKeys: keys)"] }
        return keys + ["var changes = FieldChanges(readKeys: keys)", "for key in migratedKeys { changes.mark(key) }",
                       "return changes"]
    }

    private static let recordIDBody = [
        "guard !name.isEmpty else { return nil }",
        "let zone = record.recordID.zoneID",
        "return RecordID(recordName: name, zoneName: zone.zoneName, ownerName: zone.ownerName)",
    ]

    /// The members `RecordWriter` gains: a writer that follows another field, and record names as references.
    var writerMembers: [SwiftDeclaration] {
        [
            SwiftDeclaration.function(SwiftFunctionDeclaration(
                kind: .function(name: "alongside"),
                parameters: [SwiftParameter(label: "_", name: "key", type: "String"),
                             SwiftParameter(name: "hasValue", type: "Bool"),
                             SwiftParameter(label: "writing", name: "retiredKey", type: "String")],
                returnType: "RecordWriter",
                body: [
                    "var selected = FieldChanges(readKeys: [])",
                    "if changes.writes(key, hasValue: hasValue) { selected.mark(retiredKey) }",
                    "return RecordWriter(record: record, values: values, changes: selected)",
                ]
            )).documented(["A writer that writes the retired field `retiredKey` exactly when this one writes `key`",
                           "(`dualWrite`): a value converted back, or a removal."]),
            SwiftDeclaration.function(SwiftFunctionDeclaration(
                kind: .function(name: "recordID"),
                parameters: [SwiftParameter(label: "named", name: "name", type: "String")],
                returnType: "RecordID<AnyRecord>?",
                body: Self.recordIDBody
            )).documented(["The ID of the record named `name` in this record's zone; `nil` for an empty name."]),
        ]
    }

    // MARK: - Conflicts (CloudKit)

    /// `migratedVersions(ancestor:server:client:migratedKeys:)`: the server's and the client's records of a
    /// conflict as the models must read them.
    var conflictPreparation: SwiftDeclaration {
        SwiftDeclaration.function(SwiftFunctionDeclaration(
            access: access, isStatic: true, kind: .function(name: "migratedVersions"),
            parameters: [SwiftParameter(name: "ancestor", type: "CKRecord?"), SwiftParameter(name: "server", type: "CKRecord"),
                         SwiftParameter(name: "client", type: "CKRecord"),
                         SwiftParameter(name: "migratedKeys", type: "[(String, String)]")],
            returnType: "(server: CKRecord, client: CKRecord)",
            body: [
                "let clientSide = clientVersion(of: client, over: ancestor ?? server)",
                "let serverSide = (server.copy() as? CKRecord) ?? server",
                "var changed = Set(client.changedKeys())",
                "if #available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *) {",
                "    changed.formUnion(client.encryptedValues.changedKeys())",
                "}",
                "for (key, retiredKey) in migratedKeys {",
                "    // A side that changed only the retired field (an app version that does not know the new one)",
                "    // holds the pair's value there: without its new field, the model reads the retired one.",
                "    if let ancestor {",
                "        if changedOnly(retiredKey, not: key, from: ancestor, to: clientSide) {",
                "            removeValue(key, from: clientSide)",
                "        }",
                "        if changedOnly(retiredKey, not: key, from: ancestor, to: server) { removeValue(key, from: serverSide) }",
                "    } else if changed.contains(retiredKey), !changed.contains(key) {",
                "        removeValue(key, from: clientSide)",
                "    }",
                "}",
                "return (serverSide, clientSide)",
            ]
        )).documented([
            "The records of a conflict as the models read them, the pairs `migratedKeys` (a field and the retired",
            "field it replaced) counting as one field: on a side that changed only the retired field since the",
            "ancestor (an app version that does not know the new one; without an ancestor, the client's changed",
            "keys tell), the new field's value is removed, so that the model reads the retired one and counts the",
            "new field as changed there. The client's version is `clientVersion(of:over:)`; the server's a copy (save",
            "`server` itself).",
        ])
    }

    /// The small record helpers `migratedVersions` uses.
    var conflictHelpers: [SwiftDeclaration] {
        [
            SwiftDeclaration.function(SwiftFunctionDeclaration(
                access: .private, isStatic: true, kind: .function(name: "storedValue"),
                parameters: [SwiftParameter(label: "_", name: "key", type: "String"),
                             SwiftParameter(label: "_", name: "record", type: "CKRecord")],
                returnType: "NSObject?",
                body: [
                    "if let value = record.object(forKey: key) as? NSObject { return value }",
                    "if #available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *) {",
                    "    return record.encryptedValues.object(forKey: key) as? NSObject",
                    "}",
                    "return nil",
                ]
            )).documented(["The value `record` holds for `key`, plain or encrypted."]),
            SwiftDeclaration.function(SwiftFunctionDeclaration(
                access: .private, isStatic: true, kind: .function(name: "sameValue"),
                parameters: [SwiftParameter(label: "_", name: "key", type: "String"),
                             SwiftParameter(label: "_", name: "first", type: "CKRecord"),
                             SwiftParameter(label: "_", name: "second", type: "CKRecord")],
                returnType: "Bool",
                body: [
                    "let value = storedValue(key, first)",
                    "let other = storedValue(key, second)",
                    "guard let value, let other else { return value == nil && other == nil }",
                    "return value.isEqual(other)",
                ]
            )).documented(["Whether both records hold the same value for `key` (or neither holds one)."]),
            SwiftDeclaration.function(SwiftFunctionDeclaration(
                access: .private, isStatic: true, kind: .function(name: "changedOnly"),
                parameters: [SwiftParameter(label: "_", name: "key", type: "String"),
                             SwiftParameter(label: "not", name: "otherKey", type: "String"),
                             SwiftParameter(label: "from", name: "ancestor", type: "CKRecord"),
                             SwiftParameter(label: "to", name: "version", type: "CKRecord")],
                returnType: "Bool",
                body: ["!sameValue(key, ancestor, version) && sameValue(otherKey, ancestor, version)"]
            )).documented(["Whether `version` changed `key` since `ancestor`, and not `otherKey`."]),
            SwiftDeclaration.function(SwiftFunctionDeclaration(
                access: .private, isStatic: true, kind: .function(name: "removeValue"),
                parameters: [SwiftParameter(label: "_", name: "key", type: "String"),
                             SwiftParameter(label: "from", name: "record", type: "CKRecord")],
                body: [
                    "if record.object(forKey: key) != nil { record.setObject(nil, forKey: key) }",
                    "if #available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *) {",
                    "    if record.encryptedValues.object(forKey: key) != nil { record.encryptedValues.setObject(nil, forKey: key) }",
                    "}",
                ]
            )).documented(["Removes `key`'s value from a record that is only read, never saved."]),
        ]
    }
}
