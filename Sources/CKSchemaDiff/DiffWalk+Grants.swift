import CKSchemaCore

extension DiffWalk {
    /// Compares the grants of a record type both sides have, role by role.
    ///
    /// CloudKit keeps grants as a list and may list a role more than once (`GRANT READ TO x` and
    /// `GRANT WRITE TO x`); what a role may do is the union of its grants. So grants are paired by role and
    /// compared by that union: splitting or merging grants, or reordering them, changes nothing. A role
    /// whose union is empty (`Moderator: []`) is granted nothing and counts as absent.
    mutating func compareGrants(_ old: RecordType, _ new: RecordType) {
        let type = old.name
        let before = Self.grantsByRole(old), after = Self.grantsByRole(new)
        for role in Set(before.keys).union(after.keys).sorted() {
            switch (before[role], after[role]) {
            case (let was?, let now?) where was.permissions != now.permissions:
                let path = SchemaPath.grant(type, now.index)
                changes.append(SchemaChange(
                    kind: .modifyGrant(role: role, baseline: was.permissions, candidate: now.permissions),
                    recordType: type, subject: path,
                    baselineLocation: baseline.location(of: .grant(type, was.index)),
                    candidateLocation: candidate.location(of: path)))
            case (let was?, nil):
                let path = SchemaPath.grant(type, was.index)
                changes.append(SchemaChange(kind: .deleteGrant(Grant(was.permissions, to: role)), recordType: type,
                                            subject: path, baselineLocation: baseline.location(of: path),
                                            candidateAnchor: candidate.location(of: .recordType(type))))
            case (nil, let now?):
                let path = SchemaPath.grant(type, now.index)
                changes.append(SchemaChange(kind: .addGrant(Grant(now.permissions, to: role)), recordType: type,
                                            subject: path, candidateLocation: candidate.location(of: path)))
            default:
                break
            }
        }
    }

    /// Each role granted something, with the union of its permissions and the position of its first grant.
    private static func grantsByRole(_ type: RecordType) -> [String: (permissions: Permissions, index: Int)] {
        var merged: [String: (permissions: Permissions, index: Int)] = [:]
        for (index, grant) in type.grants.enumerated() {
            merged[grant.role, default: (Permissions(), index)].permissions.formUnion(grant.permissions)
        }
        return merged.filter { !$0.value.permissions.isEmpty }
    }
}
