import CKSchemaCore

extension RecordAccessTranslator {
    /// `struct RecordWriter`: typed writes onto a record, plain or through `encryptedValues`, of the fields a
    /// model's `FieldChanges` say to write.
    var writer: SwiftDeclaration {
        var members: [SwiftDeclaration] = [
            SwiftDeclaration.property(SwiftPropertyDeclaration(isConstant: true, name: "record", type: "CKRecord"))
                .documented(["The record being written."]),
            SwiftDeclaration.property(SwiftPropertyDeclaration(
                access: .private, isConstant: true, name: "values", type: "any CKRecordKeyValueSetting"
            )).documented(["Where the values go: the record, or its `encryptedValues`."]),
            SwiftDeclaration.property(SwiftPropertyDeclaration(isConstant: true, name: "changes", type: "FieldChanges"))
                .documented(["Which fields to write."]),
            SwiftDeclaration.function(SwiftFunctionDeclaration(
                kind: .initializer(isFailable: false),
                parameters: [SwiftParameter(name: "record", type: "CKRecord"),
                             SwiftParameter(name: "changes", type: "FieldChanges")],
                body: [
                    "var changes = changes",
                    "// A record the server has not saved is created by this save: every value belongs in it.",
                    "if record.recordChangeTag == nil { changes.isNew = true }",
                    "self.init(record: record, values: record, changes: changes)",
                ]
            )).documented(["Starts writing the fields `changes` selects onto `record`, or every field with a value when",
                           "the server has not saved `record` yet."]),
            SwiftDeclaration.function(SwiftFunctionDeclaration(
                access: .private, kind: .initializer(isFailable: false),
                parameters: [SwiftParameter(name: "record", type: "CKRecord"),
                             SwiftParameter(name: "values", type: "any CKRecordKeyValueSetting"),
                             SwiftParameter(name: "changes", type: "FieldChanges")],
                body: ["self.record = record", "self.values = values", "self.changes = changes"]
            )),
            SwiftDeclaration.property(SwiftPropertyDeclaration(
                name: "encrypted", type: "RecordWriter",
                getter: ["RecordWriter(record: record, values: record.encryptedValues, changes: changes)"]
            )).documented(["A writer of the record's encrypted values."])
                .attributed([Self.encryptedValuesAvailability]),
            SwiftDeclaration.function(SwiftFunctionDeclaration(
                kind: .function(name: "set"),
                parameters: [
                    SwiftParameter(label: "_", name: "key", type: "String"),
                    SwiftParameter(label: "_", name: "value", type: "(any CKRecordValueProtocol)?"),
                ],
                body: [
                    "guard changes.writes(key, hasValue: value != nil) else { return }",
                    "values[key] = value",
                ]
            )).documented(["Stores a value CloudKit takes as it is (a string, number, date, bytes or a list of them)",
                           "when `changes` selects the field; `nil` removes the value."]),
        ]
        members += setterPair("Bool", type: "Bool", conversion: "Int64($0 ? 1 : 0)",
                              doc: ("a Bool as INT64 0 or 1", "Bools as INT64 0 or 1"))
        members += assetSetters
        if includesLocation {
            members += setterPair("Location", type: "Location", conversion: "$0.clLocation",
                                  doc: ("a location as a `CLLocation`", "locations as `CLLocation`s"))
        }
        members += genericSetters
        if includesMigrations {
            members += MigrationSupportTranslator(namespace: namespace, access: access).writerMembers
        }
        return SwiftDeclaration.struct(SwiftTypeDeclaration(name: "RecordWriter", members: members))
            .documented(["Writes the field values a model's `FieldChanges` select onto a record; a `nil` value removes",
                         "the field's value."])
    }

    private func setterPair(_ name: String, type: String, conversion: String,
                            doc: (single: String, list: String)) -> [SwiftDeclaration] {
        [
            SwiftDeclaration.function(SwiftFunctionDeclaration(
                kind: .function(name: "set" + name), parameters: valueParameters(type: type + "?"),
                body: ["set(key, value.map { \(conversion) })"]
            )).documented(["Stores \(doc.single)."]),
            SwiftDeclaration.function(SwiftFunctionDeclaration(
                kind: .function(name: "set" + name + "List"), parameters: valueParameters(type: "[\(type)]?"),
                body: ["set(key, value?.map { \(conversion) })"]
            )).documented(["Stores \(doc.list)."]),
        ]
    }

    /// Asset setters keep the record's `CKAsset` when it already holds the same file, so nothing is uploaded
    /// again.
    private var assetSetters: [SwiftDeclaration] {
        [
            SwiftDeclaration.function(SwiftFunctionDeclaration(
                kind: .function(name: "setAsset"), parameters: valueParameters(type: "URL?"),
                body: [
                    "if let value, (stored(key) as? CKAsset)?.fileURL == value { return }",
                    "set(key, value.map { CKAsset(fileURL: $0) })",
                ]
            )).documented(["Stores a file as a `CKAsset`, keeping the record's asset when it holds the same file."]),
            SwiftDeclaration.function(SwiftFunctionDeclaration(
                kind: .function(name: "setAssetList"), parameters: valueParameters(type: "[URL]?"),
                body: [
                    "if let value, let assets = stored(key) as? [Any],",
                    "   assets.map({ ($0 as? CKAsset)?.fileURL }) == value.map({ Optional($0) }) {",
                    "    return",
                    "}",
                    "set(key, value?.map { CKAsset(fileURL: $0) })",
                ]
            )).documented(["Stores files as `CKAsset`s, keeping the record's assets when they hold the same files."]),
            SwiftDeclaration.function(SwiftFunctionDeclaration(
                access: .private, kind: .function(name: "stored"),
                parameters: [SwiftParameter(label: "_", name: "key", type: "String")], returnType: "Any?",
                body: ["values.object(forKey: key)"]
            )).documented(["The object the record holds for `key`."]),
        ]
    }

    private var genericSetters: [SwiftDeclaration] {
        let action = SwiftParameter(name: "action", type: "CKRecord.ReferenceAction")
        let reference = "CKRecord.Reference(recordID: $0.ckRecordID, action: action)"
        return [
            SwiftDeclaration.function(SwiftFunctionDeclaration(
                kind: .function(name: "setEnumeration"), genericParameters: ["Value: RawRepresentable"],
                parameters: valueParameters(type: "Value?"), whereClause: "Value.RawValue == String",
                body: ["set(key, value?.rawValue)"]
            )).documented(["Stores an enum value as its STRING raw value."]),
            SwiftDeclaration.function(SwiftFunctionDeclaration(
                kind: .function(name: "setEnumerationList"), genericParameters: ["Value: RawRepresentable"],
                parameters: valueParameters(type: "[Value]?"), whereClause: "Value.RawValue == String",
                body: ["set(key, value?.map(\\.rawValue))"]
            )).documented(["Stores enum values as their STRING raw values."]),
            SwiftDeclaration.function(SwiftFunctionDeclaration(
                kind: .function(name: "setReference"), genericParameters: ["Target"],
                parameters: valueParameters(type: "RecordID<Target>?") + [action],
                body: ["set(key, value.map { \(reference) })"]
            )).documented(["Stores a typed ID as a `CKRecord.Reference` with `action`."]),
            SwiftDeclaration.function(SwiftFunctionDeclaration(
                kind: .function(name: "setReferenceList"), genericParameters: ["Target"],
                parameters: valueParameters(type: "[RecordID<Target>]?") + [action],
                body: ["set(key, value?.map { \(reference) })"]
            )).documented(["Stores typed IDs as `CKRecord.Reference`s with `action`."]),
        ]
    }

    private func valueParameters(type: String) -> [SwiftParameter] {
        [SwiftParameter(label: "_", name: "key", type: "String"), SwiftParameter(label: "_", name: "value", type: type)]
    }
}
