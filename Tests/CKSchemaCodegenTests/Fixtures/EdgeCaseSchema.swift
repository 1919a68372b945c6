import CKSchemaCore

/// A schema that exercises every corner of the Swift generator: every CloudKit type as a value, a list and
/// encrypted where CloudKit allows it, NUMBER preferences, keywords and odd names, Core Data prefixes, Swift
/// name overrides, enum values that are not identifiers, defaults of every supported kind, untyped and typed
/// references, a record type without fields and CloudKit's own share type (which gets no model).
enum EdgeCaseSchema {
    /// The schema path headers name.
    static let path = "Tests/edge-cases.yaml"

    /// The schema.
    static let schema = Schema(recordTypes: [everything, coreDataItem, keywords, empty, share])

    static let everything = RecordType(
        name: "Everything",
        fields: [
            Field(name: "string", type: .string, metadata: FieldMetadata(
                isRequired: true, documentation: "A required string.\nIts second line\tkeeps\u{0007}going.")),
            Field(name: "int64", type: .int64, metadata: FieldMetadata(defaultValue: .integer(-9_223_372_036_854_775_808))),
            Field(name: "double", type: .double, metadata: FieldMetadata(defaultValue: .double(0.25))),
            Field(name: "wholeDouble", type: .double, metadata: FieldMetadata(defaultValue: .integer(3))),
            Field(name: "flag", type: .int64, metadata: FieldMetadata(logicalType: .bool, defaultValue: .bool(true))),
            Field(name: "flagFromInteger", type: .int64,
                  metadata: FieldMetadata(logicalType: .bool, defaultValue: .integer(0))),
            Field(name: "timestamp", type: .timestamp, metadata: FieldMetadata(isRequired: true)),
            Field(name: "bytes", type: .bytes),
            Field(name: "asset", type: .asset),
            Field(name: "location", type: .location, metadata: FieldMetadata(isRequired: true)),
            Field(name: "anyReference", type: .reference),
            Field(name: "ownerReference", type: .reference,
                  metadata: FieldMetadata(referenceTarget: "Everything", referenceAction: .deleteSelf)),
            Field(name: "validatedReference", type: .reference,
                  metadata: FieldMetadata(referenceTarget: "CD_Item", referenceAction: .validate)),
            Field(name: "shareReference", type: .reference, metadata: FieldMetadata(referenceTarget: "cloudkit.share")),
            Field(name: "numberInt", type: FieldType(.number(preferredAs: .int64))),
            Field(name: "numberDouble", type: FieldType(.number(preferredAs: .double))),
            Field(name: "number", type: .number),
            Field(name: "status", type: .string, metadata: FieldMetadata(
                logicalType: .enumeration(["in-progress", "done", "Done", "2x", "default", "class", "self", "done"]),
                defaultValue: .string("in-progress"))),
            Field(name: "quote", type: .string, metadata: FieldMetadata(defaultValue: .string("say \"hi\"\\\n\u{202E}"))),
            Field(name: "strings", type: .list(.string), metadata: FieldMetadata(defaultValue: .list([.string("a"), .string("b")]))),
            Field(name: "int64s", type: .list(.int64)),
            Field(name: "doubles", type: .list(.double)),
            Field(name: "flags", type: .list(.int64), metadata: FieldMetadata(logicalType: .bool)),
            Field(name: "timestamps", type: .list(.timestamp)),
            Field(name: "byteLists", type: .list(.bytes)),
            Field(name: "assets", type: .list(.asset), metadata: FieldMetadata(isRequired: true)),
            Field(name: "locations", type: .list(.location)),
            Field(name: "references", type: .list(.reference), metadata: FieldMetadata(referenceTarget: "CD_Item")),
            Field(name: "anyReferences", type: .list(.reference)),
            Field(name: "statuses", type: .list(.string), metadata: FieldMetadata(logicalType: .enumeration(["a", "b"]))),
            Field(name: "secretString", type: .string.encrypted),
            Field(name: "secretInt64", type: .int64.encrypted),
            Field(name: "secretDouble", type: .double.encrypted),
            Field(name: "secretFlag", type: .int64.encrypted, metadata: FieldMetadata(logicalType: .bool)),
            Field(name: "secretTimestamp", type: .timestamp.encrypted),
            Field(name: "secretBytes", type: .bytes.encrypted, metadata: FieldMetadata(isRequired: true)),
            Field(name: "secretLocation", type: .location.encrypted),
            Field(name: "secretStatus", type: .string.encrypted,
                  metadata: FieldMetadata(logicalType: .enumeration(["on", "off"]))),
            Field(name: "secretStrings", type: .list(.string.encrypted)),
            Field(name: "secretLocations", type: .list(.location.encrypted)),
        ],
        metadata: RecordTypeMetadata(database: .private, documentation: "Every value kind.")
    )

    static let coreDataItem = RecordType(
        name: "CD_Item",
        fields: [
            Field(name: "CD_title", type: .string),
            Field(name: "CD_title_ckAsset", type: .asset),
            Field(name: "CD_entityName", type: .string),
            Field(name: "CD_isDone", type: .int64, metadata: FieldMetadata(logicalType: .bool)),
            Field(name: "CD_renamed", type: .string, metadata: FieldMetadata(swiftName: "displayName")),
        ]
    )

    static let keywords = RecordType(
        name: "Keywords",
        fields: [
            Field(name: "default", type: .string),
            Field(name: "class", type: .string, metadata: FieldMetadata(isRequired: true)),
            Field(name: "self", type: .int64),
            Field(name: "Type", type: .string),
            Field(name: "init", type: .string),
            Field(name: "first-name", type: .string),
            Field(name: "2fa", type: .int64, metadata: FieldMetadata(logicalType: .bool)),
            Field(name: "reader", type: .string),
            Field(name: "writer", type: .string),
            Field(name: "record", type: .string),
            Field(name: "kind", type: .string, metadata: FieldMetadata(logicalType: .enumeration(["Keywords", "case"]))),
        ],
        metadata: RecordTypeMetadata(swiftName: "KeywordRecord")
    )

    static let empty = RecordType(name: "Empty")

    static let share = RecordType(name: "cloudkit.share", fields: [Field(name: "cloudkit.title", type: .string)])
}
