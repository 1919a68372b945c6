package import CKSchemaCore

/// One cell of the access matrix that a deploy changes: a role's permission on a public record type, before
/// and after.
package struct AccessChange: Hashable, Sendable {
    package var recordType: String
    package var role: String
    /// A single permission.
    package var permission: Permissions
    /// The cell before (`nil`: the type was not public, or the role did not exist).
    package var before: AccessCell?
    /// The cell after (`nil`: the type is no longer public, or the role is gone).
    package var after: AccessCell?

    /// Every cell whose grant or effect differs between `baseline` and `candidate`, by record type (the
    /// candidate's order, then types only the baseline has), role and permission.
    package static func changes(from baseline: AccessMatrix, to candidate: AccessMatrix) -> [AccessChange] {
        let types = candidate.rows.map(\.recordType)
            + baseline.rows.map(\.recordType).filter { candidate.row($0) == nil }
        let roles = candidate.roles + baseline.roles.filter { !candidate.roles.contains($0) }
        return types.flatMap { type in
            roles.flatMap { role in
                Permissions.allPermissions.compactMap { permission -> AccessChange? in
                    let before = baseline.row(type)?.cell(role, permission)
                    let after = candidate.row(type)?.cell(role, permission)
                    guard Self.state(of: before) != Self.state(of: after) else { return nil }
                    return AccessChange(recordType: type, role: role, permission: permission, before: before, after: after)
                }
            }
        }
    }

    /// What a cell says, for comparing: a missing cell reads as not granted, not effective.
    private static func state(of cell: AccessCell?) -> String {
        cell?.mark ?? "-"
    }

    /// Whether the change lets the role do something it could not do before.
    package var widens: Bool {
        after?.isEffective == true && before?.isEffective != true
    }
}
