/// Every difference between a baseline and a candidate schema, in a deterministic order that does not depend
/// on the order either schema was written in: role changes first (by name), then each record type by name;
/// within a record type, the type itself, its system fields, its fields by name (each field's own change
/// before its index changes), then its grants by role.
package struct SchemaChangeSet: Hashable, Sendable {
    /// The changes, in the order described above.
    package var changes: [SchemaChange]

    /// A change set holding `changes` as given (the differ orders them).
    package init(_ changes: [SchemaChange] = []) {
        self.changes = changes
    }

    /// Whether the two schemas are the same for CloudKit.
    package var isEmpty: Bool { changes.isEmpty }

    /// The number of changes.
    package var count: Int { changes.count }

    /// The changes that do `action`.
    package func changes(_ action: ChangeAction) -> [SchemaChange] {
        changes.filter { $0.action == action }
    }

    /// The changes grouped by record type, in set order; role changes form the group whose name is `nil`.
    package var groupedByRecordType: [(recordType: String?, changes: [SchemaChange])] {
        var groups: [(recordType: String?, changes: [SchemaChange])] = []
        for change in changes {
            if let last = groups.indices.last, groups[last].recordType == change.recordType {
                groups[last].changes.append(change)
            } else {
                groups.append((change.recordType, [change]))
            }
        }
        return groups
    }
}
