package import CKSchemaCore

/// One thing an app's Swift code does with CloudKit that the schema must allow: create a record of a type,
/// query a type, read, write, filter or sort by a key. `ckschema check-code` reads these out of the code
/// (CKSchemaCodeAnalysis) and the code rules judge them against a schema.
package struct CodeUsage: Hashable, Sendable {
    /// What the code does.
    package var kind: Kind
    /// The record type it concerns, or `nil` when the code does not say (then only a note is reported).
    package var recordType: String?
    /// The field key, for the kinds that name one.
    package var key: CodeKey?
    /// Where the code says it: the record type, key or predicate token.
    package var location: SourceLocation
    /// For a read cast, the types the code also reads the same record's key as on the same path (a tolerant
    /// read: `as? CKRecord.Reference`, else `as? String` for records written before the field changed type).
    package var alsoReadAs: [CodeValueType]
    /// The database the use goes to, when the code says (a function working on `publicCloudDatabase` only);
    /// `nil` when it does not.
    package var database: Database?

    package init(_ kind: Kind, recordType: String?, key: CodeKey? = nil, at location: SourceLocation,
                 alsoReadAs: [CodeValueType] = [], database: Database? = nil) {
        self.kind = kind
        self.recordType = recordType
        self.key = key
        self.location = location
        self.alsoReadAs = alsoReadAs
        self.database = database
    }

    /// The kinds of use.
    package enum Kind: Hashable, Sendable {
        /// `CKRecord(recordType:)`, `CKShare(rootRecord:)`: a record of the type is created.
        case createRecord
        /// `CKQuery(recordType:predicate:)`, `CKQuerySubscription`: the type is queried.
        case query
        /// A query that matches every record (`TRUEPREDICATE`, `NSPredicate(value: true)`).
        case matchAll
        /// `record[key]` read, with the type the value is cast to (`as? Date`) when the code says.
        case read(CodeValueType?)
        /// `record[key] = value`, with the value's type when it is known statically.
        case write(CodeValueType?)
        /// A key in `desiredKeys`.
        case desiredKey
        /// A key compared in a query predicate.
        case filter(FilterOperation)
        /// `self CONTAINS 'text'`: full-text search over the type's SEARCHABLE fields.
        case search
        /// `NSSortDescriptor(key:)`.
        case sort
        /// `CKLocationSortDescriptor(key:relativeLocation:)`.
        case locationSort
        /// A save, modification or deletion in code that queried the type and created none of its records: the
        /// records changed may be ones the query fetched, which other users created.
        case modifyFetched
        /// A query of the public database in an app whose code never asks whether the user is signed in to
        /// iCloud (`accountStatus`, `CKAccountChanged`, `CKError.notAuthenticated`): it runs for signed-out
        /// users too.
        case queryWithoutAccountCheck

        /// Whether the use names a field key.
        package var usesKey: Bool {
            switch self {
            case .createRecord, .query, .matchAll, .search, .modifyFetched, .queryWithoutAccountCheck: false
            case .read, .write, .desiredKey, .filter, .sort, .locationSort: true
            }
        }

        /// Whether the use only reads (a missing field then yields nil instead of a server error).
        package var onlyReads: Bool {
            switch self {
            case .read, .desiredKey: true
            default: false
            }
        }
    }
}

/// A field key as the code spells it, resolved.
package enum CodeKey: Hashable, Sendable {
    /// A schema field name; system keys are mapped to their fields (`creationDate` → `___createTime`).
    case field(String)
    /// A key the analysis cannot know (built at run time); the text says what the code wrote.
    case unresolved(String)
}

/// How a predicate compares a key, which decides the index it needs.
package enum FilterOperation: String, Hashable, Sendable {
    /// `==`, `!=`: QUERYABLE.
    case equality
    /// `<`, `<=`, `>`, `>=`, `BETWEEN`: SORTABLE (a range search).
    case range
    /// `IN`, `CONTAINS` on a list, `ANY`: QUERYABLE.
    case membership
    /// `BEGINSWITH`: QUERYABLE.
    case prefix
    /// `distanceToLocation:fromLocation:`: QUERYABLE on a LOCATION field.
    case distance

    /// The operator's spelling in messages.
    package var spelling: String {
        switch self {
        case .equality: "an equality comparison"
        case .range: "a range comparison"
        case .membership: "a membership test"
        case .prefix: "BEGINSWITH"
        case .distance: "a distance query"
        }
    }
}

/// A value type the code states (a literal, a typed property, a cast), as CloudKit stores it.
package indirect enum CodeValueType: Hashable, Sendable {
    case string
    /// Integers and Booleans (NSNumber): INT64, DOUBLE or NUMBER fields take them.
    case integer
    case double
    case timestamp
    case bytes
    case reference
    case asset
    case location
    case list(CodeValueType)

    /// The Swift spelling, for messages.
    package var swiftName: String {
        switch self {
        case .string: "String"
        case .integer: "Int64"
        case .double: "Double"
        case .timestamp: "Date"
        case .bytes: "Data"
        case .reference: "CKRecord.Reference"
        case .asset: "CKAsset"
        case .location: "CLLocation"
        case .list(let element): "[\(element.swiftName)]"
        }
    }

    /// Whether CloudKit stores a value of this type in a field of `fieldType` (encryption aside: it is
    /// chosen by the accessor, `encryptedValues`, not by the value). Numbers fit every numeric field.
    package func fits(_ fieldType: FieldType) -> Bool {
        switch self {
        case .list(let element):
            return fieldType.isList && element.fits(fieldType.elementType)
        default:
            guard !fieldType.isList else { return false }
        }
        switch (self, fieldType.primitive) {
        case (.string, .string), (.timestamp, .timestamp), (.bytes, .bytes), (.reference, .reference),
             (.asset, .asset), (.location, .location):
            return true
        case (.integer, .int64), (.integer, .double), (.integer, .number),
             (.double, .int64), (.double, .double), (.double, .number):
            return true
        default:
            return false
        }
    }
}
