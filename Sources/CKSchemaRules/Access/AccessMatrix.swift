package import CKSchemaCore

/// Who may do what in the public database: every public record type × role × permission.
package struct AccessMatrix: Hashable, Sendable {
    /// The built-in roles, then the schema's custom roles.
    package var roles: [String]
    /// One row per public-database record type, in declaration order.
    package var rows: [AccessRow]
    /// Record types left out because the schema puts them in the private or shared database, or says no
    /// database and grants nothing.
    package var omitted: [String]

    /// The matrix of `schema`.
    package init(_ schema: Schema) {
        roles = PublicAccess.roles(of: schema)
        rows = PublicAccess.publicTypes(of: schema).map { AccessRow($0, roles: PublicAccess.roles(of: schema)) }
        omitted = schema.recordTypes.filter { !PublicAccess.isPublic($0) }.map(\.name)
    }

    /// The row of `type`, if it is public.
    package func row(_ type: String) -> AccessRow? {
        rows.first { $0.recordType == type }
    }
}

/// One public record type's permissions, role by role.
package struct AccessRow: Hashable, Sendable {
    package var recordType: String
    /// Per role (in the matrix's order), its three cells: read, create, write.
    package var cells: [String: [AccessCell]]

    init(_ type: RecordType, roles: [String]) {
        recordType = type.name
        cells = Dictionary(uniqueKeysWithValues: roles.map { role in
            (role, Permissions.allPermissions.map { AccessCell(type: type, role: role, permission: $0) })
        })
    }

    /// The cell of `role` and `permission` (a single permission).
    package func cell(_ role: String, _ permission: Permissions) -> AccessCell? {
        cells[role]?.first { $0.permission == permission }
    }

    /// Who may `permission` records of this type, in one sentence: the roles granted it, with what that means,
    /// leaving out a role whose users hold a broader one that is granted it too (Moderator's READ beside
    /// _world's).
    package func summary(of permission: Permissions, roles: [String]) -> String {
        let all = roles.compactMap { cell($0, permission) }.filter { $0.granted && !$0.isVoid }
        let granted = all.filter { cell in
            !PublicAccess.rolesHeld(with: cell.role).dropFirst().contains { held in all.contains { $0.role == held } }
        }
        guard !granted.isEmpty else {
            switch permission {
            case .read: return "no one may read its records"
            case .create where recordType == CloudKitNames.usersRecordType: return "CloudKit creates user records itself"
            case .create: return "no one may create records from the app (only the CloudKit Console can)"
            default: return "no one may change or delete its records (only the CloudKit Console can)"
            }
        }
        if permission == .write, granted.count == 1, granted[0].role == Role.creator {
            return "only the record's creator may change or delete it (_creator)"
        }
        return granted.map { "\($0.meaning) (\($0.role))" }.joined(separator: "; ")
    }
}

/// One cell: whether `role` is granted `permission`, and whether users holding the role may do it at all.
package struct AccessCell: Hashable, Sendable {
    package var role: String
    /// A single permission.
    package var permission: Permissions
    /// The schema grants the permission to this role.
    package var granted: Bool
    /// The role through which a user holding this role may do it: itself, `_icloud` or `_world` (roles add
    /// up), or `nil` when they may not (`_creator`'s own CREATE never counts: it gives nothing).
    package var effectiveThrough: String?

    init(type: RecordType, role: String, permission: Permissions) {
        self.role = role
        self.permission = permission
        granted = type.permissions(for: role).contains(permission)
        effectiveThrough = PublicAccess.effectiveGrantor(of: permission, for: role, on: type)
    }

    /// Whether a user holding the role may do it, through any role they hold.
    package var isEffective: Bool { effectiveThrough != nil }

    /// Granted, yet it gives nothing: `_creator`'s CREATE.
    package var isVoid: Bool { granted && role == Role.creator && permission == .create }

    /// What the cell means in CloudKit's terms.
    package var meaning: String {
        if granted { return PublicAccess.meaning(of: permission, for: role) }
        if let through = effectiveThrough {
            return "not granted itself, but its users hold \(through), which is: "
                + PublicAccess.meaning(of: permission, for: through)
        }
        return PublicAccess.denial(of: permission, for: role)
    }

    /// The short mark of the matrix: `yes`, `no`, `(yes)` (through another role), `yes*` (granted to `_world`
    /// but needing a sign-in, or `_creator`'s CREATE, which gives nothing).
    package var mark: String {
        if granted { return isEffective && !isVoid ? "yes" : "yes*" }
        return isEffective ? "(yes)" : "-"
    }
}
