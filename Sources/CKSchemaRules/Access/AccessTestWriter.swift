package import CKSchemaCore

/// Writes the access tests that describe a schema's grants as they are: for each role, what its users can and
/// cannot do on each public record type, types that agree grouped into one test. Committed, they make every
/// later change to who may do what fail `ckschema access --check` until the tests are updated: a reviewed diff.
package enum AccessTestWriter {
    /// An access-test file (`access:` list) for `schema`; `origin` names where the schema came from, for the
    /// header comment. `nil` when the schema has no public record type.
    package static func file(for schema: Schema, origin: String) -> String? {
        let matrix = AccessMatrix(schema)
        guard !matrix.rows.isEmpty else { return nil }
        var lines = [
            "# Who may do what in the public database, as \(origin) grants it (docs/access.md).",
            "# `ckschema access --check` and `ckschema lint` fail when the schema's grants disagree: a change here is a",
            "# change to who can read, create or change records, to review.",
            "access:",
        ]
        for role in matrix.roles {
            var groups: [(can: Permissions, cannot: Permissions, types: [String])] = []
            for row in matrix.rows {
                let can = Permissions.allPermissions.filter { row.cell(role, $0)?.isEffective == true }
                    .reduce(into: Permissions()) { $0.formUnion($1) }
                let cannot = Permissions.allPermissions.reduce(into: Permissions()) { $0.formUnion($1) }.subtracting(can)
                if let index = groups.firstIndex(where: { $0.can == can && $0.cannot == cannot }) {
                    groups[index].types.append(row.recordType)
                } else {
                    groups.append((can, cannot, [row.recordType]))
                }
            }
            for group in groups {
                var parts = ["as: \(scalar(role))"]
                if !group.can.isEmpty { parts.append("can: [\(names(group.can))]") }
                if !group.cannot.isEmpty { parts.append("cannot: [\(names(group.cannot))]") }
                parts.append("on: [\(group.types.map(scalar).joined(separator: ", "))]")
                lines.append("  - { \(parts.joined(separator: ", ")) }")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func names(_ permissions: Permissions) -> String {
        permissions.members.map { $0.keyword.lowercased() }.joined(separator: ", ")
    }

    /// A name as a YAML flow scalar: plain when it is an identifier, quoted otherwise (`"cloudkit.share"`).
    private static func scalar(_ name: String) -> String {
        let plain = name.first.map { $0.isLetter || $0 == "_" } == true
            && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        return plain ? name : "\"" + name.replacingQuotesAndBackslashes + "\""
    }
}

private extension String {
    var replacingQuotesAndBackslashes: String {
        String(flatMap { $0 == "\"" || $0 == "\\" ? ["\\", $0] : [$0] })
    }
}
