import CKSchemaCore

/// Questions several rules ask about a record type.
extension RecordType {
    /// The grants the CloudKit Console writes on every record type it creates, whatever database the type
    /// is used in: WRITE to `_creator`, CREATE to `_icloud`, READ to `_world`.
    static let consoleDefaultGrants: [(role: String, permissions: Permissions)] = [
        (Role.creator, .write), (Role.icloud, .create), (Role.world, .read),
    ]

    /// Whether the type's grants are exactly the Console's default set (in any order, possibly repeated),
    /// which exports carry on private-database types too and which therefore says nothing about the database.
    var hasConsoleDefaultGrants: Bool {
        guard grants.allSatisfy({ grant in Self.consoleDefaultGrants.contains { $0.role == grant.role } }) else {
            return false
        }
        return Self.consoleDefaultGrants.allSatisfy { permissions(for: $0.role) == $0.permissions }
    }

    /// The index of the first grant to `_world` or `_icloud`, the roles that only exist for the public
    /// database's anonymous and signed-in users, when the grants say more than the Console's defaults.
    var firstPublicGrantIndex: Int? {
        guard !hasConsoleDefaultGrants else { return nil }
        return grants.firstIndex { $0.role == Role.world || $0.role == Role.icloud }
    }

    /// Whether the type's records live in the public database: `database: public`, or, when the schema does
    /// not say (always in `.ckdb`), grants to `_world` or `_icloud` other than the Console's default set. An
    /// explicit `private` or `shared` wins: grants only take effect in the public database.
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
