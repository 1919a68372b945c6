/// One `GRANT perms TO role` entry of a record type: public-database permissions for a role.
package struct Grant: Hashable, Sendable {
    /// The permissions granted.
    package var permissions: Permissions
    /// The role's name, without quotes (`_world`, `Moderator`).
    package var role: String

    package init(_ permissions: Permissions, to role: String) {
        self.permissions = permissions
        self.role = role
    }
}

/// The permissions a grant gives: `READ`, `CREATE`, `WRITE`.
package struct Permissions: OptionSet, Hashable, Sendable {
    package let rawValue: UInt8

    package init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// Read records.
    package static let read = Permissions(rawValue: 1 << 0)
    /// Create records.
    package static let create = Permissions(rawValue: 1 << 1)
    /// Update and delete records.
    package static let write = Permissions(rawValue: 1 << 2)

    /// Each single permission in the order exports print them: READ, CREATE, WRITE.
    package static let allPermissions: [Permissions] = [.read, .create, .write]

    /// The single permissions set here, in export order.
    package var members: [Permissions] {
        Self.allPermissions.filter { contains($0) }
    }

    /// The upper-case keywords in export order, joined by ", " (`READ, WRITE`).
    package var keywords: String {
        members.map(\.keyword).joined(separator: ", ")
    }

    /// The keyword of a single permission.
    package var keyword: String {
        switch self {
        case .read: "READ"
        case .create: "CREATE"
        case .write: "WRITE"
        default: keywords
        }
    }

    /// Returns the single permission named `name` (case-insensitive), if any.
    package init?(named name: String) {
        switch name.lowercased() {
        case "read": self = .read
        case "create": self = .create
        case "write": self = .write
        default: return nil
        }
    }
}
