package import CKSchemaCore

/// The IDs of what reading a model can report (always errors, except where said): the model file cannot be
/// read, is not well-formed, or says something the mapping cannot follow.
package enum ModelReadDiagnostics {
    /// The model file or bundle cannot be read (missing, not UTF-8, too large, not a regular file).
    package static let unreadable: DiagnosticID = "model_file_unreadable"
    /// `.xcdatamodel/contents` (or `.xccurrentversion`) is not well-formed XML, or not a Core Data model.
    package static let syntax: DiagnosticID = "model_syntax"
    /// An attribute type, delete rule or count the reader does not know (warning: the property is kept
    /// with what can be known).
    package static let unknownValue: DiagnosticID = "model_unknown_value"
    /// Two entities with one name (in one model or across the models read together).
    package static let duplicateEntity: DiagnosticID = "model_duplicate_entity"

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
            summary: "Two entities have one name: both would be the one record type `CD_<name>`."),
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
