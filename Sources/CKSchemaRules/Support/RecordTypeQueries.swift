import CKSchemaCore

/// Questions several rules ask about a record type.
extension RecordType {
    /// The index of the first grant to `_world` or `_icloud`, the roles that only exist for the public
    /// database's anonymous and signed-in users.
    var firstPublicGrantIndex: Int? {
        grants.firstIndex { $0.role == Role.world || $0.role == Role.icloud }
    }

    /// Whether the type's records live in the public database: `database: public`, or, when the schema does
    /// not say (always in `.ckdb`), a grant to `_world` or `_icloud`. An explicit `private` or `shared` wins:
    /// grants only take effect in the public database.
    var isPublicDatabaseType: Bool {
        switch metadata.database {
        case .public?: true
        case .private?, .shared?: false
        case nil: firstPublicGrantIndex != nil
        }
    }

    /// Where the type says it is public: its `database:` key, else its first public grant, else its name.
    var publicEvidencePath: SchemaPath {
        if metadata.database == .public { return .recordTypeKey(name, "database") }
        return firstPublicGrantIndex.map { .grant(name, $0) } ?? .recordType(name)
    }
}

/// How messages name schema elements.
enum Describe {
    /// `field 'title' of record type 'Note'`.
    static func field(_ field: String, of recordType: String) -> String {
        "field '\(field)' of record type '\(recordType)'"
    }

    /// `'a', 'b' and 'c'`.
    static func list(_ names: [String]) -> String {
        let quoted = names.map { "'\($0)'" }
        guard let last = quoted.last else { return "" }
        return quoted.count == 1 ? last : quoted.dropLast().joined(separator: ", ") + " and " + last
    }
}
