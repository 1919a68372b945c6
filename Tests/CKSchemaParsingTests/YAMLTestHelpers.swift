import CKSchemaCore
import CKSchemaParsing
import CKSchemaTestSupport

/// Reads marked YAML text as one schema file called `schema.yaml`.
func parseYAML(_ marked: MarkedText, path: String = "schema.yaml") -> ParsedSchema {
    YAMLSchemaParser.parse([marked.sourceFile(path: path)])
}

/// Reads plain YAML text as one schema file called `schema.yaml`.
func parseYAML(_ text: String, path: String = "schema.yaml") -> ParsedSchema {
    YAMLSchemaParser.parse([SourceFile(path: path, text: text)])
}

extension Array where Element == Diagnostic {
    /// The diagnostics with the given ID.
    func with(_ id: DiagnosticID) -> [Diagnostic] {
        filter { $0.id == id }
    }
}
