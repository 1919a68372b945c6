import CKSchemaCore

/// What the Swift generator decided for one record type: its Swift names and the shape of every field.
struct ModelPlan: Hashable, Sendable {
    /// The record type as the schema declares it.
    var recordType: RecordType
    /// The Swift type name, unescaped.
    var typeName: String
    /// The fields, in schema order.
    var fields: [FieldPlan]
    /// The system fields queries can use (those the schema indexes), with their Swift member names.
    var systemQueryFields: [SystemQueryField] = []
    /// The case of `CloudKitSchema.AnyModel` that holds this model, unescaped.
    var anyModelCaseName: String = ""
    /// The stored property `latest` compares (the type's `mergeClock`), as written in source; `nil` for the records'
    /// modification dates.
    var mergeClock: String?

    /// Whether any field holds locations, so the CloudKit part needs Core Location.
    var usesLocations: Bool {
        fields.contains { $0.kind == .location }
    }

    /// Whether some field replaces another (`renamedFrom` / `replaces`).
    var hasMigrations: Bool {
        fields.contains { $0.migration != nil }
    }

    /// Whether any field is encrypted, so reading and writing records needs `encryptedValues` (iOS 15,
    /// macOS 12, tvOS 15, watchOS 8).
    var usesEncryptedValues: Bool {
        fields.contains(where: \.isEncrypted)
    }

    /// Whether the type has a SEARCHABLE field, so `self CONTAINS` text search works on it.
    var isSearchable: Bool {
        recordType.fields.contains { $0.indexes.contains(.searchable) }
    }

    /// The index of `___recordID`, which queries without a filter ("all records") need QUERYABLE.
    var recordIDIndex: QueryIndex? {
        QueryIndex(recordType.indexes(on: .recordID))
    }
}

/// A system field that queries can use, by the name `CKQuery` predicates and sort descriptors give it.
struct SystemQueryField: Hashable, Sendable {
    /// The system field.
    var field: SystemField
    /// The key in predicates and the Swift member name: `recordID`, `creationDate`, …
    var name: String
    /// Its indexes.
    var index: QueryIndex
}

/// What queries may do with a field: the QUERYABLE and SORTABLE indexes it has (SEARCHABLE counts for the
/// whole record type).
enum QueryIndex: Hashable, Sendable {
    case queryable
    case sortable
    case queryableSortable

    /// The index of a field with `indexes`, or `nil` when it is neither QUERYABLE nor SORTABLE.
    init?(_ indexes: FieldIndexes) {
        switch (indexes.contains(.queryable), indexes.contains(.sortable)) {
        case (true, true): self = .queryableSortable
        case (true, false): self = .queryable
        case (false, true): self = .sortable
        case (false, false): return nil
        }
    }

    /// Whether equality, `IN`, `BEGINSWITH` and list membership work.
    var isQueryable: Bool { self != .sortable }
    /// Whether ranges and sorting work.
    var isSortable: Bool { self != .queryable }

    /// The marker type's name in the support namespace.
    var markerName: String {
        switch self {
        case .queryable: "Queryable"
        case .sortable: "Sortable"
        case .queryableSortable: "QueryableSortable"
        }
    }
}

/// What the Swift generator decided for one field.
struct FieldPlan: Hashable, Sendable {
    /// The field as the schema declares it.
    var field: Field
    /// The Swift property name (also the field-key case name), unescaped.
    var propertyName: String
    /// What one value is in Swift.
    var kind: ValueKind
    /// The Swift expression of the default value, when the schema gives one.
    var defaultExpression: String?
    /// The nested enum generated for an `enum` field.
    var enumeration: EnumerationPlan?
    /// How the model holds the field and whether saving writes it.
    var storage: FieldStorage = .tracked
    /// How the field merges when both sides of a conflicting save changed it.
    var mergePolicy: MergePolicy = .implicitDefault
    /// Where the field's value used to live (`renamedFrom` / `replaces`), read when a record lacks the field.
    var migration: MigrationPlan?

    /// Whether the field holds a list.
    var isList: Bool { field.type.isList }
    /// Whether values go through `record.encryptedValues`.
    var isEncrypted: Bool { field.type.isEncrypted }
    /// Whether the Swift property is optional: neither required (a deprecated field no longer is) nor
    /// defaulted.
    var isOptional: Bool { !field.metadata.requiresValue && defaultExpression == nil }
    /// Whether reading a record without the field throws. A retired field has no property to require.
    var isRequired: Bool { field.metadata.requiresValue && defaultExpression == nil && !isRetired }
    /// Whether another field replaced this one (its value lives in that field's property).
    var isRetired: Bool {
        if case .retired = storage { return true }
        return false
    }

    /// What queries may do with the field, or `nil` when it is in no index queries use, or holds values
    /// predicates cannot compare (bytes, assets, encrypted values, lists of locations).
    var queryIndex: QueryIndex? {
        // Deprecated fields are no longer written, and system-managed ones are CloudKit's: queries keep to the rest.
        // A retired field stays, to find the records not migrated yet (its replacement is not in their index).
        guard !isEncrypted, storage == .tracked || isRetired else { return nil }
        switch kind {
        case .bytes, .asset: return nil
        case .location where isList: return nil
        default: break
        }
        let index = QueryIndex(field.indexes)
        // Lists are only tested for membership, which QUERYABLE serves; SORTABLE means nothing on them.
        if isList { return index?.isQueryable == true ? .queryable : nil }
        return index
    }
}

/// How a model holds a field and whether saving writes it.
enum FieldStorage: Hashable, Sendable {
    /// A `var` whose changes are tracked: saving writes it when it was set (or the model is new).
    case tracked
    /// A `let` read from the record and never written: CloudKit maintains the field (`Users.roles`, the
    /// `cloudkit.*` fields of shares).
    case systemManaged
    /// Read into the private property `backingName` and exposed through a deprecated property; never written.
    case deprecated(backingName: String, message: String)
    /// Replaced by the field `replacement` (its `renamedFrom` / `replaces`): no property of its own; the
    /// replacement's property reads it when a record lacks the replacement, and writes it under `dualWrite`.
    case retired(replacement: String)
}

/// How a field reads the retired field its value used to live in, and writes it back under `dualWrite`.
struct MigrationPlan: Hashable, Sendable {
    /// The declaration (`renamedFrom` / `replaces`, `dualWrite`, `lossy`).
    var declaration: FieldMigration
    /// The retired field.
    var oldField: Field
    /// What one value of the retired field is in Swift.
    var oldKind: ValueKind
    /// From the retired field's values to the field's (its `inverse` writes them back).
    var conversion: FieldConversion
}


/// The kind of one field value, which decides its Swift type and how it is read and written.
enum ValueKind: Hashable, Sendable {
    case string
    case int64
    case double
    /// INT64 holding 0 or 1, as `Bool`.
    case bool
    case timestamp
    case bytes
    /// A file URL in Swift, a `CKAsset` in the record.
    case asset
    /// `CloudKitSchema.Location` in Swift, a `CLLocation` in the record.
    case location
    /// A STRING holding one of the listed values, as the nested enum `typeName`.
    case enumeration(typeName: String)
    /// A typed record ID in Swift, a `CKRecord.Reference` in the record; `targetTypeName` is the Swift type of
    /// the target, or `nil` when the schema names none.
    case reference(targetTypeName: String?)
}

/// The nested `RawRepresentable` enum generated for an `enum` field.
struct EnumerationPlan: Hashable, Sendable {
    /// One listed value and the case that stands for it.
    struct Case: Hashable, Sendable {
        var value: String
        /// The case name, unescaped.
        var name: String
    }

    /// The enum's name, unescaped.
    var typeName: String
    /// The listed values in schema order, duplicates removed.
    var cases: [Case]
}
