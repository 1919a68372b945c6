import CKSchemaCore

/// What a change does to its element, in Apple's words.
package enum ChangeAction: String, Hashable, Sendable, CaseIterable, Codable {
    /// The element is only in the candidate.
    case add
    /// The element is only in the baseline.
    case delete
    /// The element is on both sides, different.
    case modify
    /// A field only the candidate has, taking over from one the baseline has (`renamedFrom` / `replaces`).
    /// CloudKit sees an addition.
    case migrate

    /// The one-character mark of a pending-changes row: `+`, `-`, `~`.
    package var symbol: String {
        switch self {
        case .add: "+"
        case .delete: "-"
        case .modify: "~"
        case .migrate: "»"
        }
    }

    /// Whether CloudKit sees the change as an addition (a migration adds its new field), which reaches
    /// production only through the Console's deploy.
    package var addsToCloudKit: Bool {
        self == .add || self == .migrate
    }
}

/// The kind of schema element a change concerns.
package enum ChangeElement: String, Hashable, Sendable, CaseIterable, Codable {
    /// A record type as a whole.
    case recordType = "record_type"
    /// A user field.
    case field
    /// One of the six system fields (its type).
    case systemField = "system_field"
    /// One index option of a user or system field.
    case index
    /// A custom role.
    case role
    /// A record type's permissions for one role.
    case grant

    /// The words used in messages (`record type`, `system field`).
    package var words: String {
        rawValue.replacing("_", with: " ")
    }
}

extension SchemaChange {
    /// Whether the change adds, deletes or modifies.
    package var action: ChangeAction {
        switch kind {
        case .addRecordType, .addField, .addIndex, .addRole, .addGrant: .add
        case .deleteRecordType, .deleteField, .deleteIndex, .deleteRole, .deleteGrant: .delete
        case .modifyField, .modifySystemField, .modifyGrant: .modify
        case .migrateField: .migrate
        }
    }

    /// The kind of element changed.
    package var element: ChangeElement {
        switch kind {
        case .addRecordType, .deleteRecordType: .recordType
        case .addField, .deleteField, .modifyField, .migrateField: .field
        case .modifySystemField: .systemField
        case .addIndex, .deleteIndex: .index
        case .addRole, .deleteRole: .role
        case .addGrant, .deleteGrant, .modifyGrant: .grant
        }
    }

    /// The stable name of the change's kind for machine-readable output: `add_field`, `delete_index`.
    package var identifier: String {
        "\(action.rawValue)_\(element.rawValue)"
    }

    /// The changed element without the verb, as one row of a pending-changes review:
    /// `field 'place' LOCATION`, `index QUERYABLE on 'title'`, `grant to 'Moderator' READ, WRITE → READ`.
    package var summary: String {
        switch kind {
        case .addRecordType(let type), .deleteRecordType(let type):
            let grants = type.grants.isEmpty ? "" : ", \(Self.count(type.grants.count, "grant"))"
            return "record type '\(type.name)' (\(Self.count(type.fields.count, "field"))\(grants))"
        case .addField(let field), .deleteField(let field):
            return "field '\(field.name)' \(field.type)"
        case .modifyField(let baseline, let candidate, _):
            return "field '\(baseline.name)' \(baseline.type) → \(candidate.type)"
        case .migrateField(let field, let retired):
            let declaration = field.metadata.migration?.kind ?? .rename
            return "field '\(field.name)' \(field.type) from '\(retired.name)' \(retired.type) (\(declaration.rawValue))"
        case .modifySystemField(let field, let baseline, let candidate):
            return "system field '\(field.name)' \(baseline) → \(candidate)"
        case .addIndex(let field, let option), .deleteIndex(let field, let option):
            return "index \(option.keywords) on \(field.quotedName)"
        case .addRole(let name), .deleteRole(let name):
            return "role '\(name)'"
        case .addGrant(let grant), .deleteGrant(let grant):
            return "grant \(grant.permissions.keywords) to '\(grant.role)'"
        case .modifyGrant(let role, let baseline, let candidate):
            return "grant to '\(role)' \(baseline.keywords) → \(candidate.keywords)"
        }
    }

    /// The summary with the record type named after the element when it is inside one:
    /// `field 'weather' STRING in 'JournalEntry'`.
    package var qualifiedSummary: String {
        let type = element == .recordType ? nil : recordType
        return summary + (type.map { " in '\($0)'" } ?? "")
    }

    /// The whole row: verb and element (`add field 'place' LOCATION`).
    package var description: String {
        "\(action.rawValue) \(summary)"
    }

    /// The element's value in the baseline (a field type, an index option, permissions), when it has one
    /// there; for a migration, the retired field's type. Record types and roles have no value beyond their name.
    package var baselineValue: String? {
        switch kind {
        case .deleteField(let field), .migrateField(_, retired: let field): field.type.description
        case .modifyField(let baseline, _, _): baseline.type.description
        case .modifySystemField(_, let baseline, _): baseline
        case .deleteIndex(_, let option): option.keywords
        case .deleteGrant(let grant): grant.permissions.keywords
        case .modifyGrant(_, let baseline, _): baseline.keywords
        case .addRecordType, .deleteRecordType, .addField, .addIndex, .addRole, .deleteRole, .addGrant: nil
        }
    }

    /// The element's value in the candidate, when it has one there.
    package var candidateValue: String? {
        switch kind {
        case .addField(let field), .migrateField(let field, _): field.type.description
        case .modifyField(_, let candidate, _): candidate.type.description
        case .modifySystemField(_, _, let candidate): candidate
        case .addIndex(_, let option): option.keywords
        case .addGrant(let grant): grant.permissions.keywords
        case .modifyGrant(_, _, let candidate): candidate.keywords
        case .addRecordType, .deleteRecordType, .deleteField, .deleteIndex, .addRole, .deleteRole, .deleteGrant: nil
        }
    }

    /// The aspects of a field-type change (empty for other kinds).
    package var fieldAspects: FieldTypeChange {
        if case .modifyField(_, _, let aspects) = kind { return aspects }
        return []
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
