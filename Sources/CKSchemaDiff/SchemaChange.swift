package import CKSchemaCore

/// One difference between a baseline schema (the one to stay compatible with, usually production) and a
/// candidate schema (the one to deploy), with where the element is written on each side.
///
/// A change is a value: it does not judge. Breaking rules classify it later.
package struct SchemaChange: Hashable, Sendable {
    /// What changed.
    package var kind: Kind
    /// The record type the change is in; `nil` for role changes.
    package var recordType: String?
    /// The element concerned, as a path (`Note.title`, `Note.title:queryable`, `Note.grants[0]`).
    package var subject: SchemaPath
    /// Where the element is written in the baseline, when it exists there.
    package var baselineLocation: SourceLocation?
    /// Where the element is written in the candidate, when it exists there. For an index change this is the
    /// field (or, for a system field the candidate omits, its record type).
    package var candidateLocation: SourceLocation?
    /// The nearest place in the candidate: `candidateLocation`, or for a deletion the enclosing record type.
    /// `nil` only when nothing of the element is left in the candidate (a deleted record type or role).
    package var candidateAnchor: SourceLocation?
    /// Remarks that help a reader, such as "looks like a rename of 'title'". The diff never merges a
    /// delete and an add into a rename: CloudKit has none.
    package var hints: [String]
    /// For a change to a retired field (deleted, indexed), the field that took over from it: declared with
    /// `renamedFrom` / `replaces` in the candidate, else in the baseline. `nil` for any other change.
    package var replacement: Field?

    /// A change; `candidateAnchor` defaults to `candidateLocation`.
    package init(kind: Kind, recordType: String?, subject: SchemaPath, baselineLocation: SourceLocation? = nil,
                candidateLocation: SourceLocation? = nil, candidateAnchor: SourceLocation? = nil,
                hints: [String] = [], replacement: Field? = nil) {
        self.kind = kind
        self.recordType = recordType
        self.subject = subject
        self.baselineLocation = baselineLocation
        self.candidateLocation = candidateLocation
        self.candidateAnchor = candidateAnchor ?? candidateLocation
        self.hints = hints
        self.replacement = replacement
    }

    /// The kinds of change, named with Apple's verbs: add, delete, modify.
    package enum Kind: Hashable, Sendable {
        /// A record type only the candidate has.
        case addRecordType(RecordType)
        /// A record type only the baseline has.
        case deleteRecordType(RecordType)
        /// A field only the candidate's record type has.
        case addField(Field)
        /// A field only the baseline's record type has.
        case deleteField(Field)
        /// A field only the candidate has that takes over from a field the baseline has (`renamedFrom` /
        /// `replaces`, in `migration` of the new field's metadata): CloudKit sees an addition, the app a
        /// migration. `retired` is the old field as the baseline declares it.
        case migrateField(Field, retired: Field)
        /// A field whose data type differs; `aspects` says how.
        case modifyField(baseline: Field, candidate: Field, aspects: FieldTypeChange)
        /// A system field written with a different type on each side (the written types, as text).
        case modifySystemField(SystemField, baseline: String, candidate: String)
        /// An index option only the candidate sets on a field both sides have.
        case addIndex(IndexedField, FieldIndexes)
        /// An index option only the baseline sets; on a system field, also when the candidate omits the field.
        case deleteIndex(IndexedField, FieldIndexes)
        /// A custom role only the candidate declares.
        case addRole(String)
        /// A custom role only the baseline declares.
        case deleteRole(String)
        /// Permissions for a role that the baseline's record type does not grant at all.
        case addGrant(Grant)
        /// Permissions for a role that the candidate's record type no longer grants at all.
        case deleteGrant(Grant)
        /// A role granted on both sides with different permissions (each side merged over its grants).
        case modifyGrant(role: String, baseline: Permissions, candidate: Permissions)
    }
}

/// A field that carries indexes: a user field or one of the six system fields.
package enum IndexedField: Hashable, Sendable {
    /// A user field, by name.
    case field(String)
    /// One of the six system fields.
    case system(SystemField)

    /// The schema-language name (`title`, `___recordID`).
    package var name: String {
        switch self {
        case .field(let name): name
        case .system(let field): field.name
        }
    }

    /// The name with the Console's name of a system field added: `'___recordID' (recordName)`.
    package var quotedName: String {
        switch self {
        case .field(let name): "'\(name)'"
        case .system(let field) where field.consoleName != field.name: "'\(field.name)' (\(field.consoleName))"
        case .system(let field): "'\(field.name)'"
        }
    }
}

/// What differs between two declarations of the same field. Several aspects may change at once.
package struct FieldTypeChange: OptionSet, Hashable, Sendable {
    package let rawValue: UInt8

    package init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// The primitive type (STRING → INT64, NUMBER → INT64), any NUMBER preference aside.
    package static let primitiveType = FieldTypeChange(rawValue: 1 << 0)
    /// A scalar became a list or a list a scalar.
    package static let listness = FieldTypeChange(rawValue: 1 << 1)
    /// `ENCRYPTED` was added or removed.
    package static let encryption = FieldTypeChange(rawValue: 1 << 2)
    /// `NUMBER` gained its first `PREFERRED AS` (the one type change CloudKit allows).
    package static let numberPreferenceAssigned = FieldTypeChange(rawValue: 1 << 3)
    /// A `PREFERRED AS` that was set changed or was dropped.
    package static let numberPreferenceChanged = FieldTypeChange(rawValue: 1 << 4)

    /// Every aspect with its stable name, in a fixed order (JSON output).
    package static let named: [(aspect: FieldTypeChange, name: String)] = [
        (.primitiveType, "type"), (.listness, "list"), (.encryption, "encryption"),
        (.numberPreferenceAssigned, "number_preference_assigned"),
        (.numberPreferenceChanged, "number_preference_changed"),
    ]

    /// The stable names of the aspects set here.
    package var names: [String] {
        Self.named.filter { contains($0.aspect) }.map(\.name)
    }

    /// Compares two field types; empty when they are equal.
    package init(from baseline: FieldType, to candidate: FieldType) {
        self = []
        if baseline.isList != candidate.isList { insert(.listness) }
        if baseline.isEncrypted != candidate.isEncrypted { insert(.encryption) }
        switch (baseline.primitive, candidate.primitive) {
        case (.number(let before), .number(let after)) where before != after:
            insert(before == nil ? .numberPreferenceAssigned : .numberPreferenceChanged)
        case let (before, after) where before.keyword != after.keyword:
            insert(.primitiveType)
        default:
            break
        }
    }
}
