import CKSchemaCore

/// A schema that exercises every corner of the Swift generator: every CloudKit type as a value, a list and
/// encrypted where CloudKit allows it, NUMBER preferences, keywords and odd names, Core Data prefixes, Swift
/// name overrides, enum values that are not identifiers, defaults of every supported kind, untyped and typed
/// references, a record type without fields and CloudKit's own share type (which gets no model); indexes of
/// every kind that typed queries use (and some they cannot: bytes, encrypted, deprecated), indexed system
/// fields, deprecated fields, a zone, a Core Data field that hides a system field from queries, and a record
/// type whose `AnyModel` case needs renaming; merge policies: `latest` by modification dates for `Everything`,
/// and every policy in `Tally` (a type default of `client`, `sum`, `max`, `min`, `union` and a clock); and field
/// migrations in `Migrated`: every conversion, each way (`dualWrite`), renames plain and encrypted, and retired
/// fields whose index finds the unmigrated records (SORTABLE INT64, DOUBLE, TIMESTAMP, STRING; QUERYABLE LOCATION)
/// beside ones whose index cannot (QUERYABLE-only STRING) or that have none.
enum EdgeCaseSchema {
    /// The schema path headers name.
    static let path = "Tests/edge-cases.yaml"

    /// The schema.
    static let schema = Schema(recordTypes: [everything, coreDataItem, keywords, empty, share, unknown, tally, migrated])

    static let everything = RecordType(
        name: "Everything",
        fields: [
            Field(name: "string", type: .string, indexes: [.queryable, .searchable, .sortable], metadata: FieldMetadata(
                isRequired: true, documentation: "A required string.\nIts second line\tkeeps\u{0007}going.")),
            Field(name: "int64", type: .int64, indexes: [.queryable, .sortable], metadata: FieldMetadata(defaultValue: .integer(-9_223_372_036_854_775_808))),
            Field(name: "double", type: .double, indexes: [.sortable], metadata: FieldMetadata(defaultValue: .double(0.25))),
            Field(name: "wholeDouble", type: .double, metadata: FieldMetadata(defaultValue: .integer(3))),
            Field(name: "flag", type: .int64, indexes: [.queryable], metadata: FieldMetadata(logicalType: .bool, defaultValue: .bool(true))),
            Field(name: "flagFromInteger", type: .int64,
                  metadata: FieldMetadata(logicalType: .bool, defaultValue: .integer(0))),
            Field(name: "timestamp", type: .timestamp, indexes: [.queryable, .sortable], metadata: FieldMetadata(isRequired: true)),
            Field(name: "bytes", type: .bytes, indexes: [.queryable]),
            Field(name: "asset", type: .asset),
            Field(name: "location", type: .location, indexes: [.queryable, .sortable], metadata: FieldMetadata(isRequired: true)),
            Field(name: "anyReference", type: .reference, indexes: [.queryable]),
            Field(name: "ownerReference", type: .reference, indexes: [.queryable],
                  metadata: FieldMetadata(referenceTarget: "Everything", referenceAction: .deleteSelf)),
            Field(name: "validatedReference", type: .reference,
                  metadata: FieldMetadata(referenceTarget: "CD_Item", referenceAction: .validate)),
            Field(name: "shareReference", type: .reference, metadata: FieldMetadata(referenceTarget: "cloudkit.share")),
            Field(name: "numberInt", type: FieldType(.number(preferredAs: .int64)), indexes: [.queryable]),
            Field(name: "numberDouble", type: FieldType(.number(preferredAs: .double))),
            Field(name: "number", type: .number),
            Field(name: "status", type: .string, indexes: [.queryable], metadata: FieldMetadata(
                logicalType: .enumeration(["in-progress", "done", "Done", "2x", "default", "class", "self", "done"]),
                defaultValue: .string("in-progress"))),
            Field(name: "quote", type: .string, metadata: FieldMetadata(defaultValue: .string("say \"hi\"\\\n\u{202E}"))),
            Field(name: "strings", type: .list(.string), indexes: [.queryable, .searchable], metadata: FieldMetadata(defaultValue: .list([.string("a"), .string("b")]))),
            Field(name: "int64s", type: .list(.int64), indexes: [.queryable]),
            Field(name: "doubles", type: .list(.double)),
            Field(name: "flags", type: .list(.int64), metadata: FieldMetadata(logicalType: .bool)),
            Field(name: "timestamps", type: .list(.timestamp)),
            Field(name: "byteLists", type: .list(.bytes)),
            Field(name: "assets", type: .list(.asset), metadata: FieldMetadata(isRequired: true)),
            Field(name: "locations", type: .list(.location), indexes: [.queryable]),
            Field(name: "references", type: .list(.reference), indexes: [.queryable, .sortable], metadata: FieldMetadata(referenceTarget: "CD_Item")),
            Field(name: "anyReferences", type: .list(.reference)),
            Field(name: "statuses", type: .list(.string), indexes: [.queryable], metadata: FieldMetadata(logicalType: .enumeration(["a", "b"]))),
            Field(name: "secretString", type: .string.encrypted, indexes: [.queryable]),
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
            Field(name: "retired", type: .string, indexes: [.queryable], metadata: FieldMetadata(
                isRequired: true, deprecation: "use \"string\"\ninstead")),
            Field(name: "retiredCount", type: .int64, metadata: FieldMetadata(defaultValue: .integer(1), deprecation: "")),
            Field(name: "secretRetired", type: .string.encrypted, metadata: FieldMetadata(deprecation: "gone")),
        ],
        systemFieldIndexes: [.recordID: [.queryable], .createTime: [.queryable, .sortable], .modTime: [.sortable],
                             .createdBy: [.queryable], .modifiedBy: [.queryable], .etag: [.queryable]],
        metadata: RecordTypeMetadata(database: .private, documentation: "Every value kind.", zone: "EdgeZone",
                                     mergeDefault: .latest)
    )

    static let coreDataItem = RecordType(
        name: "CD_Item",
        fields: [
            Field(name: "CD_title", type: .string),
            Field(name: "CD_title_ckAsset", type: .asset),
            Field(name: "CD_entityName", type: .string),
            Field(name: "CD_isDone", type: .int64, indexes: [.queryable], metadata: FieldMetadata(logicalType: .bool)),
            Field(name: "CD_renamed", type: .string, indexes: [.queryable], metadata: FieldMetadata(swiftName: "displayName")),
            Field(name: "CD_creationDate", type: .timestamp, indexes: [.sortable]),
        ],
        systemFieldIndexes: [.createTime: [.sortable], .modTime: [.queryable]]
    )

    static let keywords = RecordType(
        name: "Keywords",
        fields: [
            Field(name: "default", type: .string),
            Field(name: "class", type: .string, indexes: [.queryable], metadata: FieldMetadata(isRequired: true)),
            Field(name: "self", type: .int64),
            Field(name: "Type", type: .string),
            Field(name: "init", type: .string),
            Field(name: "first-name", type: .string, indexes: [.queryable]),
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

    /// Its `AnyModel` case would be `unknown`, which the enum keeps for records of other types.
    static let unknown = RecordType(name: "Unknown", fields: [Field(name: "cloudkit.note", type: .string)],
                                    metadata: RecordTypeMetadata(database: .public))

    /// Every merge policy on the fields it suits; `client` for the rest, `latest` by `editedAt`.
    static let tally = RecordType(
        name: "Tally",
        fields: [
            Field(name: "count", type: .int64, metadata: FieldMetadata(defaultValue: .integer(0), mergePolicy: .sum)),
            Field(name: "total", type: .double, metadata: FieldMetadata(mergePolicy: .sum)),
            Field(name: "best", type: .double, metadata: FieldMetadata(mergePolicy: .max)),
            Field(name: "lowest", type: .int64, metadata: FieldMetadata(mergePolicy: .min)),
            Field(name: "firstSeen", type: .timestamp, metadata: FieldMetadata(mergePolicy: .min)),
            Field(name: "lastSeen", type: .timestamp, metadata: FieldMetadata(isRequired: true, mergePolicy: .max)),
            Field(name: "labels", type: .list(.string), metadata: FieldMetadata(mergePolicy: .union)),
            Field(name: "scores", type: .list(.int64), metadata: FieldMetadata(isRequired: true, mergePolicy: .union)),
            Field(name: "note", type: .string),
            Field(name: "title", type: .string, metadata: FieldMetadata(mergePolicy: .latest)),
            Field(name: "owner", type: .string, metadata: FieldMetadata(mergePolicy: .server)),
            Field(name: "editedAt", type: .timestamp),
        ],
        metadata: RecordTypeMetadata(mergeDefault: .client, mergeClock: "editedAt")
    )

    /// Every conversion a migration can declare, each retired field next to the field that replaced it; most
    /// write the retired field back (`dualWrite`), as an app does while older versions are installed.
    static let migrated = RecordType(
        name: "Migrated",
        fields: [
            Field(name: "isFavorite", type: .int64, metadata: FieldMetadata(logicalType: .bool)),
            migrating("starred", .int64, from: "isFavorite", logicalType: .bool, dualWrite: true),
            Field(name: "oldTitle", type: .string, indexes: [.queryable]),
            migrating("title", .string, from: "oldTitle", indexes: [.queryable, .sortable]),
            Field(name: "secretOld", type: .string.encrypted),
            migrating("secretNew", .string.encrypted, from: "secretOld", dualWrite: true),
            Field(name: "stars", type: .int64, indexes: [.queryable, .sortable]),
            migrating("rating", .double, from: "stars", type: .int64, dualWrite: true, lossy: true),
            Field(name: "count", type: .double),
            migrating("wholeCount", .int64, from: "count", type: .double, isRequired: true, lossy: true),
            Field(name: "code", type: .string),
            migrating("codeNumber", .int64, from: "code", type: .string, dualWrite: true),
            Field(name: "amountText", type: .string),
            migrating("amount", .double, from: "amountText", type: .string, dualWrite: true),
            Field(name: "legacyID", type: .int64),
            migrating("legacyKey", .string, from: "legacyID", type: .int64, dualWrite: true),
            Field(name: "priceValue", type: .double, indexes: [.sortable]),
            migrating("priceText", .string, from: "priceValue", type: .double, dualWrite: true),
            Field(name: "whenSeconds", type: .double),
            migrating("when", .timestamp, from: "whenSeconds", type: .double, dualWrite: true),
            Field(name: "takenAt", type: .timestamp, indexes: [.sortable]),
            migrating("takenSeconds", .double, from: "takenAt", type: .timestamp, dualWrite: true),
            Field(name: "ownerName", type: .string),
            migrating("owner", .reference, from: "ownerName", type: .string, referenceTarget: "Migrated", dualWrite: true),
            Field(name: "parent", type: .reference, metadata: FieldMetadata(referenceTarget: "Migrated")),
            migrating("parentName", .string, from: "parent", type: .reference, dualWrite: true),
            Field(name: "tag", type: .string, indexes: [.queryable, .sortable]),
            migrating("tags", .list(.string), from: "tag", type: .string, dualWrite: true, lossy: true),
            Field(name: "scores", type: .list(.int64)),
            migrating("scoreValues", .list(.double), from: "scores", type: .list(.int64), dualWrite: true, lossy: true),
            Field(name: "level", type: .int64),
            migrating("levels", .list(.double), from: "level", type: .int64, lossy: true),
            Field(name: "spot", type: .location, indexes: [.queryable]),
            migrating("place", .location, from: "spot"),
        ],
        systemFieldIndexes: [.recordID: [.queryable]],
        metadata: RecordTypeMetadata(database: .private)
    )

    private static func migrating(_ name: String, _ type: FieldType, from old: String, type oldType: FieldType? = nil,
                                  indexes: FieldIndexes = [], logicalType: LogicalType? = nil, isRequired: Bool = false,
                                  referenceTarget: String? = nil, dualWrite: Bool = false, lossy: Bool = false) -> Field {
        let migration = FieldMigration(kind: oldType == nil ? .rename : .retype, oldField: old, oldType: oldType,
                                       dualWrite: dualWrite, lossy: lossy)
        return Field(name: name, type: type, indexes: indexes, metadata: FieldMetadata(
            logicalType: logicalType, referenceTarget: referenceTarget, isRequired: isRequired, migration: migration))
    }
}
