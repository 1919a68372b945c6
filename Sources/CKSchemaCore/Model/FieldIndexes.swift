/// The index options of a field: `QUERYABLE`, `SORTABLE`, `SEARCHABLE`.
///
/// `public`, not `package`, for speed: every field's indexes are tested in other modules, and Swift inlines
/// only `public` code across modules (docs/architecture.md, "Access levels").
public struct FieldIndexes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// An index for equality lookups.
    public static let queryable = FieldIndexes(rawValue: 1 << 0)
    /// An index for range searches and sorting.
    public static let sortable = FieldIndexes(rawValue: 1 << 1)
    /// A full-text search index (strings only).
    public static let searchable = FieldIndexes(rawValue: 1 << 2)

    /// Each single option in the order exports print them (alphabetical).
    public static let allOptions: [FieldIndexes] = [.queryable, .searchable, .sortable]

    /// The single options set here, in export order.
    public var options: [FieldIndexes] {
        Self.allOptions.filter { contains($0) }
    }

    /// The keyword of a single option (`QUERYABLE`); for a set, the keywords joined by spaces.
    public var keywords: String {
        options.map { option in
            switch option {
            case .queryable: "QUERYABLE"
            case .sortable: "SORTABLE"
            default: "SEARCHABLE"
            }
        }.joined(separator: " ")
    }

    /// The lower-case name of a single option as the YAML format writes it (`queryable`).
    public var yamlName: String {
        keywords.lowercased()
    }

    /// Returns the single option named `name` (case-insensitive), if any.
    public init?(named name: String) {
        switch name.lowercased() {
        case "queryable": self = .queryable
        case "sortable": self = .sortable
        case "searchable": self = .searchable
        default: return nil
        }
    }
}
