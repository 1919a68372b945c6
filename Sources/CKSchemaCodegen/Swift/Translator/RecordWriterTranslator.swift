extension RecordAccessTranslator {
    /// `struct RecordWriter`: typed writes onto a record, plain or through `encryptedValues`.
    var writer: SwiftDeclaration {
        var members: [SwiftDeclaration] = [
            SwiftDeclaration.property(SwiftPropertyDeclaration(isConstant: true, name: "record", type: "CKRecord"))
                .documented(["The record being written."]),
            SwiftDeclaration.function(SwiftFunctionDeclaration(
                kind: .function(name: "set"),
                parameters: [
                    SwiftParameter(label: "_", name: "key", type: "String"),
                    SwiftParameter(label: "_", name: "value", type: "(any CKRecordValueProtocol)?"),
                    SwiftParameter(name: "encrypted", type: "Bool", defaultValue: "false"),
                ],
                body: [
                    "if encrypted {",
                    "    record.encryptedValues[key] = value",
                    "} else {",
                    "    record[key] = value",
                    "}",
                ]
            )).documented(["Stores a value CloudKit takes as it is: a string, number, date, bytes or a list of them."]),
        ]
        members += setterPair("Bool", type: "Bool", encryptable: true, conversion: "Int64($0 ? 1 : 0)",
                              doc: ("a Bool as INT64 0 or 1", "Bools as INT64 0 or 1"))
        members += setterPair("Asset", type: "URL", encryptable: false, conversion: "CKAsset(fileURL: $0)",
                              doc: ("a file as a `CKAsset`", "files as `CKAsset`s"))
        if includesLocation {
            members += setterPair("Location", type: "Location", encryptable: true, conversion: "$0.clLocation",
                                  doc: ("a location as a `CLLocation`", "locations as `CLLocation`s"))
        }
        members += genericSetters
        return SwiftDeclaration.struct(SwiftTypeDeclaration(name: "RecordWriter", members: members))
            .documented(["Writes field values onto a record; a `nil` value removes the field's value."])
    }

    private func setterPair(_ name: String, type: String, encryptable: Bool, conversion: String,
                            doc: (single: String, list: String)) -> [SwiftDeclaration] {
        let encrypted = encryptable ? ", encrypted: encrypted" : ""
        return [
            SwiftDeclaration.function(SwiftFunctionDeclaration(
                kind: .function(name: "set" + name),
                parameters: valueParameters(type: type + "?", encryptable: encryptable),
                body: ["set(key, value.map { \(conversion) }\(encrypted))"]
            )).documented(["Stores \(doc.single)."]),
            SwiftDeclaration.function(SwiftFunctionDeclaration(
                kind: .function(name: "set" + name + "List"),
                parameters: valueParameters(type: "[\(type)]?", encryptable: encryptable),
                body: ["set(key, value?.map { \(conversion) }\(encrypted))"]
            )).documented(["Stores \(doc.list)."]),
        ]
    }

    private var genericSetters: [SwiftDeclaration] {
        let action = SwiftParameter(name: "action", type: "CKRecord.ReferenceAction")
        let reference = "CKRecord.Reference(recordID: $0.ckRecordID, action: action)"
        return [
            SwiftDeclaration.function(SwiftFunctionDeclaration(
                kind: .function(name: "setEnumeration"), genericParameters: ["Value: RawRepresentable"],
                parameters: valueParameters(type: "Value?", encryptable: true), whereClause: "Value.RawValue == String",
                body: ["set(key, value?.rawValue, encrypted: encrypted)"]
            )).documented(["Stores an enum value as its STRING raw value."]),
            SwiftDeclaration.function(SwiftFunctionDeclaration(
                kind: .function(name: "setEnumerationList"), genericParameters: ["Value: RawRepresentable"],
                parameters: valueParameters(type: "[Value]?", encryptable: true),
                whereClause: "Value.RawValue == String",
                body: ["set(key, value?.map(\\.rawValue), encrypted: encrypted)"]
            )).documented(["Stores enum values as their STRING raw values."]),
            SwiftDeclaration.function(SwiftFunctionDeclaration(
                kind: .function(name: "setReference"), genericParameters: ["Target"],
                parameters: valueParameters(type: "RecordID<Target>?", encryptable: false) + [action],
                body: ["set(key, value.map { \(reference) })"]
            )).documented(["Stores a typed ID as a `CKRecord.Reference` with `action`."]),
            SwiftDeclaration.function(SwiftFunctionDeclaration(
                kind: .function(name: "setReferenceList"), genericParameters: ["Target"],
                parameters: valueParameters(type: "[RecordID<Target>]?", encryptable: false) + [action],
                body: ["set(key, value?.map { \(reference) })"]
            )).documented(["Stores typed IDs as `CKRecord.Reference`s with `action`."]),
        ]
    }

    private func valueParameters(type: String, encryptable: Bool) -> [SwiftParameter] {
        var parameters = [
            SwiftParameter(label: "_", name: "key", type: "String"),
            SwiftParameter(label: "_", name: "value", type: type),
        ]
        if encryptable { parameters.append(SwiftParameter(name: "encrypted", type: "Bool", defaultValue: "false")) }
        return parameters
    }
}
