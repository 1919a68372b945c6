package import CKSchemaCore

/// The IDs of what reading a model can report (always errors, except where said): the model file cannot be
/// read, is not well-formed, or says something the mapping cannot follow. The Core Data reader and the SwiftData
/// reader (in `ckschema-check-code read-models`, whose Swift files it could not read are `code_file_skipped` and
/// `code_incomplete` notes, as for `check-code`) share them.
package enum ModelReadDiagnostics {
    /// The model file or bundle cannot be read (missing, not UTF-8, too large, not a regular file).
    package static let unreadable: DiagnosticID = "model_file_unreadable"
    /// `.xcdatamodel/contents` (or `.xccurrentversion`) is not well-formed XML, or not a Core Data model.
    package static let syntax: DiagnosticID = "model_syntax"
    /// An attribute type, delete rule or count the reader does not know (warning: the property is kept
    /// with what can be known).
    package static let unknownValue: DiagnosticID = "model_unknown_value"
    /// Two entities with one name in one stack (two `@Model class Trip` outside versioned schemas, or two Core
    /// Data models read together).
    package static let duplicateEntity: DiagnosticID = "model_duplicate_entity"
    /// A note: the SwiftData models and a Core Data model both declare an entity, and agree; it is one record
    /// type holding the fields of both.
    package static let sharedEntity: DiagnosticID = "model_entity_shared"
    /// The SwiftData models and a Core Data model both declare an entity and disagree: a field with two CloudKit
    /// types, one declaration mirrored and the other local, or two parent entities.
    package static let entityConflict: DiagnosticID = "model_entity_conflict"
    /// A note: the type of a SwiftData stored property is not declared in the scanned code (or is not a type
    /// SwiftData stores), so its CloudKit field type cannot be known. Named, never guessed.
    package static let typeUnresolved: DiagnosticID = "model_type_unresolved"
    /// A warning: a model is declared in several `VersionedSchema`s and the code does not say which one the
    /// container uses; the reader says which it took.
    package static let versionAmbiguous: DiagnosticID = "model_version_ambiguous"
    /// A note: something the models depend on is computed, not written (a macro argument, a configuration's
    /// schema held in a variable the reader cannot follow).
    package static let sourceUnread: DiagnosticID = "model_source_unread"

    /// Whether the models sync could not be known: they are assumed mirrored (note, said once).
    package static let mirroringAssumed: DiagnosticID = "model_mirroring_assumed"
    /// An entity names a parent entity the model does not have, or the parents form a cycle (warning: it is
    /// its own inheritance root).
    package static let unknownParent: DiagnosticID = "model_unknown_parent"

    /// A folder holding a Core Data model also holds Swift files, which could not be searched for SwiftData
    /// models because `ckschema-check-code` is not installed (note: the Core Data model is read).
    package static let swiftNotSearched: DiagnosticID = "model_swift_not_searched"

    package static let all: [RuleDescription] = [
        RuleDescription(
            id: unreadable, kind: .model, category: .syntax, defaultSeverity: .error,
            summary: "A model file or `.xcdatamodeld` bundle cannot be read: missing, not UTF-8, too large, or not a regular file."),
        RuleDescription(
            id: syntax, kind: .model, category: .syntax, defaultSeverity: .error,
            summary: "A Core Data model file is not well-formed XML or not a Core Data model; the first error is located."),
        RuleDescription(
            id: unknownValue, kind: .model, category: .syntax, defaultSeverity: .warning,
            summary: "A model says something the reader does not know (an attribute type, a delete rule, a count); the property is kept as far as it can be known."),
        RuleDescription(
            id: duplicateEntity, kind: .model, category: .structure, defaultSeverity: .error,
            summary: "Two entities of one stack (two SwiftData classes, or two Core Data models) have one name: both would be the one record type `CD_<name>`."),
        RuleDescription(
            id: sharedEntity, kind: .model, category: .structure, defaultSeverity: .note,
            summary: "The SwiftData models and a Core Data model (a backport) both declare an entity and agree: it is one record type, holding the fields of both; the note names the files."),
        RuleDescription(
            id: entityConflict, kind: .model, category: .structure, defaultSeverity: .error,
            summary: "The SwiftData models and a Core Data model both declare an entity and disagree: a field with two CloudKit types, one mirrored and the other local, or two parents."),
        RuleDescription(
            id: typeUnresolved, kind: .model, category: .syntax, defaultSeverity: .note,
            summary: "A SwiftData property's type is not declared in the scanned code (or is not one SwiftData stores): its field is left out and named, never guessed."),
        RuleDescription(
            id: versionAmbiguous, kind: .model, category: .configuration, defaultSeverity: .warning,
            summary: "A model is declared in several VersionedSchemas and the code does not say which one the container uses; the reader says which it took."),
        RuleDescription(
            id: sourceUnread, kind: .model, category: .configuration, defaultSeverity: .note,
            summary: "Something the models depend on is computed rather than written (a macro argument, a schema held in a variable): it could not be read."),
        RuleDescription(
            id: mirroringAssumed, kind: .model, category: .configuration, defaultSeverity: .note,
            summary: "Whether the models sync is decided where the container is created, which was not read: they are assumed mirrored, said once."),
        RuleDescription(
            id: swiftNotSearched, kind: .model, category: .configuration, defaultSeverity: .note,
            summary: "A folder's Swift files were not searched for SwiftData models (ckschema-check-code is not installed); its Core Data model was read."),
        RuleDescription(
            id: unknownParent, kind: .model, category: .structure, defaultSeverity: .warning,
            summary: "An entity names a parent the model does not have, or parents form a cycle: the entity is taken as its own inheritance root."),
    ]
}
