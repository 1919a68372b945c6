import CKSchemaCore

/// Notes on deletions and additions that look like renames. CloudKit has no rename: a renamed field is a
/// new, empty field, and the old one stays in production. The diff never merges the two; it only says so.
enum RenameHints {
    /// Pairs deleted and added record types or fields (given as indices into `changes`) that look alike,
    /// and adds a hint to both. A pair is only suggested when it is unambiguous: exactly one deleted and one
    /// added element share a signature (a field's type; a record type's fields and their types).
    static func add(toDeleted deleted: [Int], added: [Int], in changes: inout [SchemaChange]) {
        guard !deleted.isEmpty, !added.isEmpty else { return }
        let deletedBySignature = Dictionary(grouping: deleted) { signature(of: changes[$0].kind) }
        let addedBySignature = Dictionary(grouping: added) { signature(of: changes[$0].kind) }
        for (signature, old) in deletedBySignature {
            guard signature != nil, old.count == 1, let new = addedBySignature[signature], new.count == 1 else {
                continue
            }
            let oldName = name(of: changes[old[0]].kind), newName = name(of: changes[new[0]].kind)
            let element = changes[old[0]].element.words
            changes[new[0]].hints.append("looks like a rename of \(element) '\(oldName)'; CloudKit cannot rename, "
                + "so '\(newName)' starts empty")
            // Not "must stay": whether it may go depends on whether production has it, which the rules judge.
            changes[old[0]].hints.append("looks like a rename to '\(newName)'; CloudKit cannot rename, "
                + "so its values do not move to '\(newName)'")
        }
    }

    /// What must match for two elements to look like one renamed: a field's type (indexes may differ), or a
    /// record type's non-empty set of field names and types.
    private static func signature(of kind: SchemaChange.Kind) -> String? {
        switch kind {
        case .addField(let field), .deleteField(let field):
            return field.type.description
        case .addRecordType(let type), .deleteRecordType(let type):
            guard !type.fields.isEmpty else { return nil }
            return type.fields.map { "\($0.name) \($0.type)" }.sorted().joined(separator: ",")
        default:
            return nil
        }
    }

    private static func name(of kind: SchemaChange.Kind) -> String {
        switch kind {
        case .addField(let field), .deleteField(let field): field.name
        case .addRecordType(let type), .deleteRecordType(let type): type.name
        default: ""
        }
    }
}
