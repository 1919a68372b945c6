package import CKSchemaCore
import CKSchemaParsing

/// Reads YAML text as one schema file, `schema.yaml` unless named.
package func parseYAML(_ text: String, path: String = "schema.yaml") -> ParsedSchema {
    YAMLSchemaParser.parse([SourceFile(path: path, text: text)])
}

/// Reads the unmarked text of `marked` as one YAML schema file, `schema.yaml` unless named.
package func parseYAML(_ marked: MarkedText, path: String = "schema.yaml") -> ParsedSchema {
    YAMLSchemaParser.parse([marked.sourceFile(path: path)])
}

/// Parses `.ckdb` text as one file, `test.ckdb` unless named.
package func parseCKDB(_ text: String, path: String = "test.ckdb") -> ParsedSchema {
    CKDBParser.parse(SourceFile(path: path, text: text))
}

/// Parses the unmarked text of `marked` as one `.ckdb` file, `test.ckdb` unless named.
package func parseCKDB(_ marked: MarkedText, path: String = "test.ckdb") -> ParsedSchema {
    CKDBParser.parse(marked.sourceFile(path: path))
}

/// Parses `text` as the schema file `path`, in the language its extension names (YAML when it names none).
package func parseSchema(_ text: String, path: String) -> ParsedSchema {
    SchemaLoader.parse(text, path: path, language: SchemaLoader.language(ofPath: path) ?? .yaml)
}

extension ParsedSchema {
    /// The messages of the diagnostics, in order.
    package var messages: [String] { diagnostics.map(\.message) }

    /// The locations of the diagnostics, in order.
    package var locations: [SourceLocation?] { diagnostics.map(\.location) }
}
