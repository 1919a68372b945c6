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

    /// Whether the keyword is one of the words a name must quote (`SchemaIdentifier.isReservedWord`).
    var isReservedWord: Bool {
        switch self {
        case .grant, .preferred, .queryable, .sortable, .searchable: true
        default: false
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

    /// A keyword's spelling as `ShortBytes` words with the ASCII case bit cleared (`caseBits`).
    private struct Spelling {
        let low: UInt64
        let high: UInt64
        let keyword: CKDBKeyword
    }

    /// Every byte with its case bit (0x20) cleared: among the bytes a word holds (letters, digits, `_`, `.`,
    /// non-ASCII), only a letter's two cases end up alike, and no other byte becomes a letter or a digit of
    /// `INT64` (digits and `.` fall below 0x20, `_` and non-ASCII bytes stay what they are).
    private static let caseBits: UInt64 = 0xDFDF_DFDF_DFDF_DFDF

    /// Keyword spellings bucketed by byte length, for matching a word without building a `String`.
    private static let byLength: [[Spelling]] = {
        var buckets = Array(repeating: [Spelling](), count: 11)
        for keyword in allCases {
            var spelling = keyword.spelling
            let words = spelling.withUTF8 { ShortBytes.words(of: $0) }
            buckets[spelling.utf8.count].append(Spelling(low: words.0 & caseBits, high: words.1 & caseBits,
                                                         keyword: keyword))
        }
        return buckets
    }()

    /// Returns the keyword spelled by the word `bytes[range]` (bytes the lexer takes for a word), ignoring
    /// ASCII case. Two integer comparisons a candidate: comparing byte by byte cost 117 instructions a word.
    static func match(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> CKDBKeyword? {
        guard range.count < byLength.count, !byLength[range.count].isEmpty else { return nil }
        let words = ShortBytes.words(of: UnsafeBufferPointer(rebasing: bytes[range]))
        let low = words.0 & caseBits, high = words.1 & caseBits
        for candidate in byLength[range.count] where candidate.low == low && candidate.high == high {
            return candidate.keyword
        }
        return nil
    }
}
