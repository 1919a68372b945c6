package import CKSchemaCore

/// IDs of the findings generators report about a schema they cannot represent faithfully.
extension DiagnosticID {
    /// Two schema elements would get the same Swift name (after escaping and renaming).
    package static let codegenNameCollision: DiagnosticID = "codegen_name_collision"
    /// A Swift name the generated code needs for itself (`recordID`, `Data`, the support namespace).
    package static let codegenReservedName: DiagnosticID = "codegen_reserved_name"
    /// A name no Swift identifier can be built from, or a Swift name override that is not an identifier.
    package static let codegenInvalidName: DiagnosticID = "codegen_invalid_name"
    /// A field whose type the generator cannot represent (a logical type on the wrong CloudKit type, an
    /// encrypted asset or reference, a reference to a record type the schema lacks).
    package static let codegenUnsupportedField: DiagnosticID = "codegen_unsupported_field"
    /// A `default` value that does not suit its field.
    package static let codegenInvalidDefault: DiagnosticID = "codegen_invalid_default"
    /// A record type the Swift generator leaves out on purpose (CloudKit's own `cloudkit.share`).
    package static let codegenSkippedRecordType: DiagnosticID = "codegen_skipped_record_type"
    /// An indexed system field that a model's typed queries cannot offer, because a field of the type has its
    /// Swift name (`creationDate` from Core Data's `CD_creationDate`).
    package static let codegenSystemFieldHidden: DiagnosticID = "codegen_system_field_hidden"
    /// A merge policy the field's Swift type cannot be merged with (`union` on a single value, `sum` on text), or a
    /// `mergeClock` that is not a TIMESTAMP field of the type.
    package static let codegenUnsupportedMergePolicy: DiagnosticID = "codegen_unsupported_merge_policy"
    /// A field migration (`renamedFrom` / `replaces`) that is valid (`MigrationCheck` finds nothing) but that the
    /// generated Swift cannot carry out: a converted value into a `bool` or `enum` property, a rename between
    /// Swift kinds, a conversion inside a list of references.
    package static let codegenUnsupportedMigration: DiagnosticID = "codegen_unsupported_migration"
    /// The schema comes from a `.ckdb` file, which carries no merge policies: every field merges `server`.
    package static let codegenNoMergePolicies: DiagnosticID = "codegen_no_merge_policies"
}

/// Builds located diagnostics for a generator from schema paths.
struct DiagnosticFactory {
    let sourceMap: SourceMap

    /// An error about `subject`, located where the schema wrote it (or its closest enclosing element).
    func error(_ id: DiagnosticID, _ message: String, at subject: SchemaPath, notes: [Note] = []) -> Diagnostic {
        Diagnostic(id: id, severity: .error, message: message, location: sourceMap.location(of: subject),
                   subject: subject, notes: notes)
    }

    /// A note about `subject`.
    func note(_ id: DiagnosticID, _ message: String, at subject: SchemaPath) -> Diagnostic {
        Diagnostic(id: id, severity: .note, message: message, location: sourceMap.location(of: subject),
                   subject: subject)
    }

    /// A secondary note pointing at `subject`.
    func relatedNote(_ message: String, at subject: SchemaPath) -> Note {
        Note(message, at: sourceMap.location(of: subject))
    }
}
