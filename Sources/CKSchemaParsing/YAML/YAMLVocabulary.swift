import CKSchemaCore

/// The words of the YAML schema format: its keys and the values of its enumerated settings, spelled as the
/// format documents them. Kept as constants so reading a large schema allocates none of them.
enum YAMLVocabulary {
    /// The keys of a schema file.
    static let topLevelKeys = ["roles", "recordTypes", "access"]
    /// The keys of a record type.
    static let recordTypeKeys = [
        "database", "zone", "doc", "swiftName", "merge", "mergeClock", "createdIn", "fields", "systemFields", "grants",
    ]
    /// The keys of a field's long form.
    static let fieldKeys = [
        "type", "encrypted", "indexes", "preferredAs", "enum", "to", "action", "required", "default", "doc",
        "swiftName", "deprecated", "merge", "renamedFrom", "replaces", "dualWrite", "lossy",
    ]
    /// The keys of a field's `replaces:` mapping.
    static let replacesKeys = ["field", "type"]

    /// `indexes:` values.
    static let indexOptions: [(name: String, value: FieldIndexes)] = [
        ("queryable", .queryable), ("sortable", .sortable), ("searchable", .searchable),
    ]
    /// Grant permissions.
    static let permissions: [(name: String, value: Permissions)] = [
        ("read", .read), ("create", .create), ("write", .write),
    ]
    /// `preferredAs:` values.
    static let numberPreferences: [(name: String, value: NumberPreference)] = [
        ("int64", .int64), ("double", .double),
    ]
    /// `action:` values.
    static let referenceActions: [(name: String, value: ReferenceAction)] =
        ReferenceAction.allCases.map { ($0.rawValue, $0) }
    /// `merge:` values.
    static let mergePolicies: [(name: String, value: MergePolicy)] = MergePolicy.allCases.map { ($0.rawValue, $0) }
    /// `database:` values.
    static let databases: [(name: String, value: Database)] = Database.allCases.map { ($0.rawValue, $0) }
    /// `createdIn:` values.
    static let recordOrigins: [(name: String, value: RecordOrigin)] = RecordOrigin.allCases.map { ($0.rawValue, $0) }
}
