package import CKSchemaCore

/// The built-in checks (parse and format problems), for the rule catalog. They cannot be disabled or
/// suppressed, and all but the notes `code_file_skipped`, `code_incomplete` and `lint_incomplete` are errors.
package enum BuiltInChecks {
    /// Every built-in check, sorted by ID.
    package static let all: [RuleDescription] = [
        check(.accessTestFailed, .security, "The schema's grants agree with the access tests under 'access:' in ckschema.yaml."),
        check(.accessTestInvalid, .security, "Access tests name roles the schema declares and its public record types."),
        check(.ckdbSyntax, .syntax, "A .ckdb file follows Apple's CloudKit Schema Language grammar."),
        check(.codeFileSkipped, .syntax, "Notes a Swift file check-code did not read: not UTF-8, too large, generated, or a link loop (a note).",
              severity: .note),
        check(.codeIncomplete, .syntax, "Notes that check-code saw only what could be parsed of a Swift file with syntax errors (a note).",
              severity: .note),
        check(.configInvalidValue, .configuration, "Configuration values have the kind and range ckschema expects."),
        check(.configUnknownKey, .configuration, "Configuration files use only keys ckschema knows."),
        check(.emptyFile, .structure, "A schema file holds a schema."),
        check(.lintIncomplete, .syntax, "Notes that lint rules saw only the part of a file that could be read (a note).",
              severity: .note),
        check(.schemaConflict, .structure, "YAML files that share a record type agree on its settings."),
        check(.schemaInvalidValue, .structure, "YAML schema values have the kind and range the format expects."),
        check(.schemaMissingKey, .structure, "Required YAML schema keys (a field's type) are present."),
        check(.schemaUnknownKey, .structure, "YAML schema files use only keys the format defines."),
        check(.schemaUnknownType, .types, "Field types are CloudKit types (string, int64, …) or bool."),
        check(.yamlAlias, .syntax, "YAML schema files use no anchors and aliases."),
        check(.yamlDuplicateKey, .syntax, "A YAML mapping has each key once."),
        check(.yamlSyntax, .syntax, "A YAML file is well-formed."),
        check(.yamlTooDeep, .syntax, "YAML nesting stays within what a schema needs."),
    ]

    private static func check(_ id: DiagnosticID, _ category: RuleCategory, _ summary: String,
                              severity: Severity = .error) -> RuleDescription {
        RuleDescription(id: id, kind: .builtIn, category: category, defaultSeverity: severity, summary: summary)
    }
}

extension DiagnosticID {
    /// A note, after a file's parse errors, that lint rules checked only what could be read of it.
    package static let lintIncomplete: DiagnosticID = "lint_incomplete"
}
