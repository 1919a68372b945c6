/// IDs of the built-in checks: problems with the input's form rather than with CloudKit rules. They are
/// always errors and cannot be disabled, because what follows them would be guesswork.
extension DiagnosticID {
    // MARK: - Files

    /// A file that holds no schema at all (empty, or only comments).
    package static let emptyFile: DiagnosticID = "empty_file"

    // MARK: - YAML

    /// libyaml could not read the file.
    package static let yamlSyntax: DiagnosticID = "yaml_syntax"
    /// A mapping has the same key twice.
    package static let yamlDuplicateKey: DiagnosticID = "yaml_duplicate_key"
    /// Anchors and aliases are refused: a schema is never built by expanding them.
    package static let yamlAlias: DiagnosticID = "yaml_alias"
    /// Nesting deeper than the format can ever need.
    package static let yamlTooDeep: DiagnosticID = "yaml_too_deep"

    // MARK: - The YAML schema format

    /// A key the format does not define.
    package static let schemaUnknownKey: DiagnosticID = "schema_unknown_key"
    /// A value of the wrong kind or outside its allowed set.
    package static let schemaInvalidValue: DiagnosticID = "schema_invalid_value"
    /// A key the format requires is absent.
    package static let schemaMissingKey: DiagnosticID = "schema_missing_key"
    /// A field type name the format does not know (`boolean`, `date`).
    package static let schemaUnknownType: DiagnosticID = "schema_unknown_type"
    /// Two YAML files say different things about the same element.
    package static let schemaConflict: DiagnosticID = "schema_conflict"

    // MARK: - The CloudKit Schema Language

    /// A `.ckdb` file that does not follow Apple's grammar.
    package static let ckdbSyntax: DiagnosticID = "ckdb_syntax"

    // MARK: - Configuration

    /// A configuration key ckschema does not know.
    package static let configUnknownKey: DiagnosticID = "config_unknown_key"
    /// A configuration value of the wrong kind or outside its allowed set.
    package static let configInvalidValue: DiagnosticID = "config_invalid_value"

    // MARK: - Swift code (`ckschema check-code`)

    /// A Swift file the code check did not read (not UTF-8, too large, generated, a symbolic-link loop).
    package static let codeFileSkipped: DiagnosticID = "code_file_skipped"
    /// A Swift file with syntax errors: only what the parser could recover was checked.
    package static let codeIncomplete: DiagnosticID = "code_incomplete"
}
