public import CKSchemaCore

/// The built-in checks (parse and format problems) with one-line summaries, for `ckschema rules` and SARIF
/// metadata. They cannot be disabled or suppressed, and all but `lint_incomplete` (a note) are errors.
public enum BuiltInChecks {
    public static let all: [(id: DiagnosticID, summary: String)] = [
        (.ckdbSyntax, "A .ckdb file follows Apple's CloudKit Schema Language grammar."),
        (.codeFileSkipped, "Notes a Swift file check-code did not read: not UTF-8, too large, generated, or a link loop (a note)."),
        (.codeIncomplete, "Notes that check-code saw only what could be parsed of a Swift file with syntax errors (a note)."),
        (.configInvalidValue, "Configuration values have the kind and range ckschema expects."),
        (.configUnknownKey, "Configuration files use only keys ckschema knows."),
        (.emptyFile, "A schema file holds a schema."),
        (.lintIncomplete, "Notes that lint rules saw only the part of a file that could be read (a note)."),
        (.schemaConflict, "YAML files that share a record type agree on its settings."),
        (.schemaInvalidValue, "YAML schema values have the kind and range the format expects."),
        (.schemaMissingKey, "Required YAML schema keys (a field's type) are present."),
        (.schemaUnknownKey, "YAML schema files use only keys the format defines."),
        (.schemaUnknownType, "Field types are CloudKit types (string, int64, …) or bool."),
        (.yamlAlias, "YAML schema files use no anchors and aliases."),
        (.yamlDuplicateKey, "A YAML mapping has each key once."),
        (.yamlSyntax, "A YAML file is well-formed."),
        (.yamlTooDeep, "YAML nesting stays within what a schema needs."),
    ]

    /// The summary of the built-in check `id`, if it is one.
    public static func summary(of id: DiagnosticID) -> String? {
        all.first { $0.id == id }?.summary
    }
}

extension DiagnosticID {
    /// A note, after a file's parse errors, that lint rules checked only what could be read of it.
    public static let lintIncomplete: DiagnosticID = "lint_incomplete"
}
