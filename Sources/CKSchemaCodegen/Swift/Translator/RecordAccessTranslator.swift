import CKSchemaCore

/// Translates the internal helpers the models' CloudKit code calls: restoring a record from archived system
/// fields, `RecordReader` (typed, checked reads) and `RecordWriter` (typed writes).
struct RecordAccessTranslator {
    let namespace: String
    /// Whether any model holds locations (the location helpers need Core Location).
    let includesLocation: Bool
    /// Whether any field replaces another (`renamedFrom` / `replaces`): the migration helpers are generated.
    var includesMigrations = false
    /// The access level written on public API (`nil` for internal), for the migration helpers.
    var access: SwiftAccess?

    private var migrationSupport: MigrationSupportTranslator? {
        includesMigrations ? MigrationSupportTranslator(namespace: namespace, access: access) : nil
    }

    /// One kind of value the reader converts: the helper name, the Swift type, the CloudKit type named in
    /// errors and the conversion from a stored object.
    private struct Conversion {
        let name: String
        let type: String
        let cloudKitType: String
        /// What one value is, for doc comments ("an INT64 field holding 0 or 1").
        let noun: String
        let expression: String
    }

    private var conversions: [Conversion] {
        // (helper, Swift type, CloudKit type, noun for docs, conversion from a stored object)
        let table: [(String, String, String, String, String)] = [
            ("string", "String", "STRING", "a STRING", "value as? String"),
            ("int64", "Int64", "INT64", "an INT64", "value as? Int64"),
            ("double", "Double", "DOUBLE", "a DOUBLE", "value as? Double"),
            ("bool", "Bool", "INT64", "an INT64 (0 or 1)", "(value as? Int64).map { $0 != 0 }"),
            ("date", "Date", "TIMESTAMP", "a TIMESTAMP", "value as? Date"),
            ("bytes", "Data", "BYTES", "a BYTES", "value as? Data"),
            ("asset", "URL", "ASSET", "an ASSET", "(value as? CKAsset)?.fileURL"),
        ] + (includesLocation
            ? [("location", "Location", "LOCATION", "a LOCATION", "(value as? CLLocation).map(Location.init)")]
            : [])
        return table.map { Conversion(name: $0.0, type: $0.1, cloudKitType: $0.2, noun: $0.3, expression: $0.4) }
    }

    /// `@available` for code that touches `CKRecord.encryptedValues`, which Apple added in iOS 15, macOS 12,
    /// tvOS 15 and watchOS 8.
    static let encryptedValuesAvailability = "@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)"

    /// `extension <namespace> { … }` holding the helpers.
    var declaration: SwiftDeclaration {
        SwiftDeclaration.extension(SwiftExtensionDeclaration(
            extendedType: namespace,
            members: [restoreRecord, reader, writer]
                + (migrationSupport.map { [$0.conflictPreparation] + $0.conflictHelpers } ?? [])
        ))
    }

    // MARK: - Restoring records

    private var restoreRecord: SwiftDeclaration {
        SwiftDeclaration.function(SwiftFunctionDeclaration(
            isStatic: true, kind: .function(name: "record"),
            parameters: [
                SwiftParameter(label: "ofType", name: "recordType", type: "String"),
                SwiftParameter(label: "id", name: "recordID", type: "CKRecord.ID"),
                SwiftParameter(name: "systemFields", type: "SystemFields?"),
            ],
            returnType: "CKRecord",
            body: [
                "if let systemFields, let unarchiver = try? NSKeyedUnarchiver(forReadingFrom: systemFields.archive) {",
                "    unarchiver.requiresSecureCoding = true",
                "    let restored = CKRecord(coder: unarchiver)",
                "    unarchiver.finishDecoding()",
                "    if let restored, restored.recordType == recordType, restored.recordID == recordID {",
                "        return restored",
                "    }",
                "}",
                "return CKRecord(recordType: recordType, recordID: recordID)",
            ]
        )).documented([
            "Returns the record to write a model onto: the record its archived system fields describe, so that a",
            "save carries the server's change tag, or a new record when there are none or they describe another record.",
        ])
    }

    // MARK: - Reader

    private var reader: SwiftDeclaration {
        var members: [SwiftDeclaration] = [
            SwiftDeclaration.property(SwiftPropertyDeclaration(isConstant: true, name: "record", type: "CKRecord"))
                .documented(["The record being read."]),
            SwiftDeclaration.property(SwiftPropertyDeclaration(
                access: .private, isConstant: true, name: "values", type: "any CKRecordKeyValueSetting"
            )).documented(["Where the values are read from: the record, or its `encryptedValues`."]),
            SwiftDeclaration.function(SwiftFunctionDeclaration(
                kind: .initializer(isFailable: false),
                parameters: [SwiftParameter(label: "_", name: "record", type: "CKRecord"),
                             SwiftParameter(name: "recordType", type: "String")],
                isThrowing: true,
                body: [
                    "guard record.recordType == recordType else {",
                    "    throw RecordError.wrongRecordType(expected: recordType, found: record.recordType)",
                    "}",
                    "self.record = record",
                    "self.values = record",
                ]
            )).documented(["Starts reading `record`; throws when it is not of type `recordType`."]),
            SwiftDeclaration.function(SwiftFunctionDeclaration(
                access: .private, kind: .initializer(isFailable: false),
                parameters: [SwiftParameter(name: "record", type: "CKRecord"),
                             SwiftParameter(name: "values", type: "any CKRecordKeyValueSetting")],
                body: ["self.record = record", "self.values = values"]
            )),
            SwiftDeclaration.property(SwiftPropertyDeclaration(
                name: "encrypted", type: "RecordReader",
                getter: ["RecordReader(record: record, values: record.encryptedValues)"]
            )).documented(["A reader of the record's encrypted values."])
                .attributed([Self.encryptedValuesAvailability]),
            SwiftDeclaration.property(SwiftPropertyDeclaration(
                name: "systemFields", type: "SystemFields?",
                getter: [
                    "guard let changeTag = record.recordChangeTag else { return nil }",
                    "let archiver = NSKeyedArchiver(requiringSecureCoding: true)",
                    "record.encodeSystemFields(with: archiver)",
                    "archiver.finishEncoding()",
                    "return SystemFields(",
                    "    changeTag: changeTag, creationDate: record.creationDate,",
                    "    modificationDate: record.modificationDate, archive: archiver.encodedData",
                    ")",
                ]
            )).documented(["The record's system fields, archived by `encodeSystemFields(with:)`; `nil` for a",
                           "record the server has not saved."]),
            SwiftDeclaration.property(SwiftPropertyDeclaration(
                name: "fieldChanges", type: "FieldChanges",
                getter: MigrationSupportTranslator.fieldChangesBody(marksMigrated: includesMigrations)
            )).documented(["The field changes of a model read from the record: the keys it holds values for, and",
                           includesMigrations ? "the fields read from the fields they replaced set." : "nothing set yet."]),
            SwiftDeclaration.function(SwiftFunctionDeclaration(
                kind: .function(name: "required"), genericParameters: ["Value"],
                parameters: [SwiftParameter(label: "_", name: "value", type: "Value?"),
                             SwiftParameter(label: "_", name: "key", type: "String")],
                isThrowing: true, returnType: "Value",
                body: [
                    "guard let value else { throw RecordError.missingField(recordType: record.recordType, field: key) }",
                    "return value",
                ]
            )).documented(["Returns `value`, or throws `missingField` naming `key` when there is none."]),
        ]
        for conversion in conversions {
            members += readers(for: conversion)
        }
        members += genericReaders
        members += migrationSupport?.readerMembers ?? []
        members += [valueCore, listCore]
        return SwiftDeclaration.struct(SwiftTypeDeclaration(name: "RecordReader", members: members))
            .documented(["Reads the field values of one record, checking that each holds the type the schema declares."])
    }

    private func readers(for conversion: Conversion) -> [SwiftDeclaration] {
        let converter = "as" + SwiftIdentifiers.uppercasingFirst(conversion.name)
        return readerPair(
            name: conversion.name, elementType: conversion.type, cloudKitType: conversion.cloudKitType,
            convert: "Self.\(converter)",
            documentation: ("Reads \(conversion.noun) field.", "Reads a list of \(conversion.noun) values.")
        ) + [
            SwiftDeclaration.function(SwiftFunctionDeclaration(
                access: .private, isStatic: true, kind: .function(name: converter),
                parameters: [SwiftParameter(label: "_", name: "value", type: "Any")],
                returnType: conversion.type + "?", body: [conversion.expression]
            )),
        ]
    }

    private var genericReaders: [SwiftDeclaration] {
        readerPair(
            name: "reference", genericParameter: "Target", elementType: "RecordID<Target>", cloudKitType: "REFERENCE",
            convert: "{ ($0 as? CKRecord.Reference).map { RecordID<Target>($0.recordID) } }",
            documentation: ("Reads a REFERENCE field as the typed ID of its target.",
                            "Reads a LIST<REFERENCE> field as typed IDs.")
        ) + readerPair(
            name: "enumeration", genericParameter: "Value: RawRepresentable", whereClause: "Value.RawValue == String",
            elementType: "Value", cloudKitType: "STRING",
            convert: "{ ($0 as? String).flatMap(Value.init(rawValue:)) }",
            documentation: ("Reads a STRING field holding enum values.", "Reads a LIST<STRING> field holding enum values.")
        )
    }

    /// `name(_ key:)` reading one value and `nameList(_ key:)` reading a list, both through the private cores
    /// with the conversion expression `convert`.
    private func readerPair(name: String, genericParameter: String? = nil, whereClause: String? = nil,
                            elementType: String, cloudKitType: String, convert: String,
                            documentation: (single: String, list: String)) -> [SwiftDeclaration] {
        let expected = SwiftLiteral.string(cloudKitType)
        return [(name, "value", elementType, documentation.single),
                (name + "List", "list", "[\(elementType)]", documentation.list)].map { function, core, type, doc in
            SwiftDeclaration.function(SwiftFunctionDeclaration(
                kind: .function(name: function), genericParameters: genericParameter.map { [$0] } ?? [],
                parameters: [SwiftParameter(label: "_", name: "key", type: "String")], isThrowing: true,
                returnType: type + "?", whereClause: whereClause, body: ["try \(core)(key, \(expected), \(convert))"]
            )).documented([doc])
        }
    }

    private var valueCore: SwiftDeclaration {
        SwiftDeclaration.function(SwiftFunctionDeclaration(
            access: .private, kind: .function(name: "value"), genericParameters: ["Value"],
            parameters: coreParameters(converting: "Value"), isThrowing: true, returnType: "Value?",
            body: [
                "guard let stored = values.object(forKey: key) else { return nil }",
                "guard let value = convert(stored) else {",
                "    throw RecordError.wrongValueType(recordType: record.recordType, field: key, expected: expected)",
                "}",
                "return value",
            ]
        )).documented(["Returns the converted value of `key`, `nil` when the record has none, or throws",
                       "`wrongValueType` when the stored value does not convert."])
    }

    private var listCore: SwiftDeclaration {
        SwiftDeclaration.function(SwiftFunctionDeclaration(
            access: .private, kind: .function(name: "list"), genericParameters: ["Element"],
            parameters: coreParameters(converting: "Element"), isThrowing: true, returnType: "[Element]?",
            body: [
                "try value(key, \"LIST<\\(expected)>\") { stored in",
                "    guard let elements = stored as? [Any] else { return nil }",
                "    var values: [Element] = []",
                "    values.reserveCapacity(elements.count)",
                "    for element in elements {",
                "        guard let value = convert(element) else { return nil }",
                "        values.append(value)",
                "    }",
                "    return values",
                "}",
            ]
        )).documented(["Returns the converted elements of the list in `key`; one element that does not convert",
                       "makes the whole value the wrong type."])
    }

    /// `(_ key: String, _ expected: String, _ convert: (Any) -> T?)`.
    private func coreParameters(converting type: String) -> [SwiftParameter] {
        [
            SwiftParameter(label: "_", name: "key", type: "String"),
            SwiftParameter(label: "_", name: "expected", type: "String"),
            SwiftParameter(label: "_", name: "convert", type: "(Any) -> \(type)?"),
        ]
    }
}
