package import CKSchemaCore

/// What reading models can report besides the model itself (in `DataModelReadResult.diagnostics`). Files the
/// reader could not read, or read only in part, are `code_file_skipped` and `code_incomplete` notes, as for
/// `check-code`.
extension DiagnosticID {
    /// A note: the type of a stored property is not declared in the scanned code (or is not a type SwiftData
    /// stores), so its CloudKit field type cannot be known. Named, never guessed.
    package static let modelTypeUnresolved: DiagnosticID = "model_type_unresolved"
    /// An error: two models have one entity name (two `@Model class Trip` outside versioned schemas).
    package static let modelEntityDuplicate: DiagnosticID = "model_entity_duplicate"
    /// A warning: a model is declared in several `VersionedSchema`s and the code does not say which one the
    /// container uses; the reader says which it took.
    package static let modelVersionAmbiguous: DiagnosticID = "model_version_ambiguous"
    /// A note: something the models depend on is computed, not written (a macro argument, a configuration's
    /// schema held in a variable the reader cannot follow).
    package static let modelSourceUnread: DiagnosticID = "model_source_unread"
}
