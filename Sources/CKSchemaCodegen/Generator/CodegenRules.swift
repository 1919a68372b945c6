package import CKSchemaCore

/// The findings generators report about a schema they cannot represent faithfully, as entries of the rule
/// catalog, sorted by ID: errors about what cannot be generated, notes about what was left out.
package enum CodegenRules {
    /// Every codegen finding, sorted by ID.
    package static let all: [RuleDescription] = [
        rule(.codegenInvalidDefault, .error, .metadata, "A field's 'default' value suits its field type."),
        rule(.codegenInvalidName, .error, .naming,
             "Every name yields a Swift identifier, and every 'swiftName' override is one."),
        rule(.codegenNameCollision, .error, .naming,
             "No two schema elements get the same Swift name after escaping and renaming."),
        rule(.codegenNoMergePolicies, .note, .metadata,
             "Notes that a schema read from .ckdb carries no merge policies, so every field merges 'server' (a note)."),
        rule(.codegenReservedName, .error, .naming,
             "No element takes a Swift name the generated code needs for itself (recordID, Data, the support namespace)."),
        rule(.codegenSkippedRecordType, .note, .systemTypes,
             "Notes a record type the Swift generator leaves out on purpose, such as cloudkit.share (a note)."),
        rule(.codegenSystemFieldHidden, .note, .systemFields,
             "Notes an indexed system field typed queries cannot offer because a field of the type has its Swift name (a note)."),
        rule(.codegenUnsupportedField, .error, .types,
             "Every field has a type the generator can represent: a logical type on a fitting CloudKit type, no "
                + "encrypted asset or reference, references to record types the schema has."),
        rule(.codegenUnsupportedMergePolicy, .error, .metadata,
             "A merge policy suits its field's Swift type, and a 'mergeClock' is a TIMESTAMP field of the type."),
        rule(.codegenUnsupportedMigration, .error, .metadata,
             "A valid field migration is one the generated Swift can carry out: no converted value into a bool or "
                + "enum property, no rename between Swift kinds, no conversion inside a list of references."),
    ]

    private static func rule(_ id: DiagnosticID, _ severity: Severity, _ category: RuleCategory,
                             _ summary: String) -> RuleDescription {
        RuleDescription(id: id, kind: .codegen, category: category, defaultSeverity: severity, summary: summary)
    }
}
