/// The index options of a field: `QUERYABLE`, `SORTABLE`, `SEARCHABLE`.
package struct FieldIndexes: OptionSet, Hashable, Sendable {
    package let rawValue: UInt8

    package init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// An index for equality lookups.
    package static let queryable = FieldIndexes(rawValue: 1 << 0)
    /// An index for range searches and sorting.
    package static let sortable = FieldIndexes(rawValue: 1 << 1)
    /// A full-text search index (strings only).
    package static let searchable = FieldIndexes(rawValue: 1 << 2)

    /// Each single option in the order exports print them (alphabetical).
    package static let allOptions: [FieldIndexes] = [.queryable, .searchable, .sortable]

    /// The single options set here, in export order.
    package var options: [FieldIndexes] {
        Self.allOptions.filter { contains($0) }
    }

    /// The keyword of a single option (`QUERYABLE`); for a set, the keywords joined by spaces.
    package var keywords: String {
        options.map { option in
            switch option {
            case .queryable: "QUERYABLE"
            case .sortable: "SORTABLE"
            default: "SEARCHABLE"
            }
        }.joined(separator: " ")
    }

    /// The lower-case name of a single option as the YAML format writes it (`queryable`).
    package var yamlName: String {
        keywords.lowercased()
    }

    /// Returns the single option named `name` (case-insensitive), if any.
    package init?(named name: String) {
        switch name.lowercased() {
        case "queryable": self = .queryable
        case "sortable": self = .sortable
        case "searchable": self = .searchable
        default: return nil
        }
    }
}
