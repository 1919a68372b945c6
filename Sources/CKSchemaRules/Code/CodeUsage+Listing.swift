extension CodeUsage {
    /// One line describing the use, as `check-code --list-uses` prints it and the evaluation compares:
    /// `write:String JournalEntry.title`, `query Note`, `read ?.?` (unknown type, unresolved key).
    package var listing: String {
        let kind: String
        switch self.kind {
        case .createRecord: kind = "create"
        case .query: kind = "query"
        case .matchAll: kind = "all"
        case .read(let value): kind = "read" + (value.map { ":\($0.swiftName)" } ?? "")
        case .write(let value): kind = "write" + (value.map { ":\($0.swiftName)" } ?? "")
        case .desiredKey: kind = "desired"
        case .filter(let operation): kind = operation.rawValue
        case .search: kind = "search"
        case .sort: kind = "sort"
        case .locationSort: kind = "locationSort"
        case .modifyFetched: kind = "modifyFetched"
        case .queryWithoutAccountCheck: kind = "queryWithoutAccountCheck"
        }
        let name: String
        switch key {
        case .field(let field)?: name = "." + field
        case .unresolved?: name = ".?"
        case nil: name = ""
        }
        return "\(kind) \(recordType ?? "?")\(name)"
    }
}
