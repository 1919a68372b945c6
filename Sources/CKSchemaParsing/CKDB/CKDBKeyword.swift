import CKSchemaCore

/// A word the CloudKit Schema Language gives a meaning to. Keywords are contextual: the parser treats a
/// word as a keyword only where the grammar expects one, so `type`, `list` or `timestamp` stay usable as
/// names. Matching ignores case.
enum CKDBKeyword: UInt8, CaseIterable, Sendable {
    case define, schema, create, role, record, type, grant, read, write, to
    case queryable, sortable, searchable
    case asset, bytes, double, int64, location, reference, string, timestamp, number, preferred, `as`, encrypted, list

    /// The canonical (upper-case) spelling.
    var spelling: String {
        switch self {
        case .define: "DEFINE"
        case .schema: "SCHEMA"
        case .create: "CREATE"
        case .role: "ROLE"
        case .record: "RECORD"
        case .type: "TYPE"
        case .grant: "GRANT"
        case .read: "READ"
        case .write: "WRITE"
        case .to: "TO"
        case .queryable: "QUERYABLE"
        case .sortable: "SORTABLE"
        case .searchable: "SEARCHABLE"
        case .asset: "ASSET"
        case .bytes: "BYTES"
        case .double: "DOUBLE"
        case .int64: "INT64"
        case .location: "LOCATION"
        case .reference: "REFERENCE"
        case .string: "STRING"
        case .timestamp: "TIMESTAMP"
        case .number: "NUMBER"
        case .preferred: "PREFERRED"
        case .as: "AS"
        case .encrypted: "ENCRYPTED"
        case .list: "LIST"
        }
    }

    /// The index option this keyword names, if it is one.
    var indexOption: FieldIndexes? {
        switch self {
        case .queryable: .queryable
        case .sortable: .sortable
        case .searchable: .searchable
        default: nil
        }
    }

    /// The permission this keyword names, if it is one.
    var permission: Permissions? {
        switch self {
        case .read: .read
        case .create: .create
        case .write: .write
        default: nil
        }
    }

    /// The primitive type this keyword names (`NUMBER` without a preference), if it is one.
    var primitiveType: PrimitiveType? {
        switch self {
        case .asset: .asset
        case .bytes: .bytes
        case .double: .double
        case .int64: .int64
        case .location: .location
        case .reference: .reference
        case .string: .string
        case .timestamp: .timestamp
        case .number: .number(preferredAs: nil)
        default: nil
        }
    }

    /// Whether the keyword starts a data type (`STRING`, `ENCRYPTED`, `LIST`, …).
    var startsDataType: Bool {
        switch self {
        case .asset, .bytes, .double, .int64, .location, .reference, .string, .timestamp, .number, .encrypted, .list:
            true
        default:
            false
        }
    }

    /// Keyword spellings bucketed by byte length, for matching a word without building a `String`.
    private static let byLength: [[(keyword: CKDBKeyword, bytes: [UInt8])]] = {
        var buckets = Array(repeating: [(keyword: CKDBKeyword, bytes: [UInt8])](), count: 11)
        for keyword in allCases {
            let bytes = Array(keyword.spelling.utf8)
            buckets[bytes.count].append((keyword, bytes))
        }
        return buckets
    }()

    /// Returns the keyword spelled by `bytes[range]`, ignoring ASCII case.
    static func match(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> CKDBKeyword? {
        guard range.count < byLength.count else { return nil }
        candidates: for candidate in byLength[range.count] {
            for (offset, expected) in candidate.bytes.enumerated() {
                var byte = bytes[range.lowerBound + offset]
                if byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") { byte -= 32 }
                if byte != expected { continue candidates }
            }
            return candidate.keyword
        }
        return nil
    }
}
