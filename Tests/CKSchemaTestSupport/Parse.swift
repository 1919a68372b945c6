public import CKSchemaCore
import CKSchemaParsing

/// Reads YAML text as one schema file, `schema.yaml` unless named.
public func parseYAML(_ text: String, path: String = "schema.yaml") -> ParsedSchema {
    YAMLSchemaParser.parse([SourceFile(path: path, text: text)])
}

/// Reads the unmarked text of `marked` as one YAML schema file, `schema.yaml` unless named.
public func parseYAML(_ marked: MarkedText, path: String = "schema.yaml") -> ParsedSchema {
    YAMLSchemaParser.parse([marked.sourceFile(path: path)])
}

/// Parses `.ckdb` text as one file, `test.ckdb` unless named.
public func parseCKDB(_ text: String, path: String = "test.ckdb") -> ParsedSchema {
    CKDBParser.parse(SourceFile(path: path, text: text))
}

/// Parses the unmarked text of `marked` as one `.ckdb` file, `test.ckdb` unless named.
public func parseCKDB(_ marked: MarkedText, path: String = "test.ckdb") -> ParsedSchema {
    CKDBParser.parse(marked.sourceFile(path: path))
}

/// Parses `text` as the schema file `path`, in the language its extension names (YAML when it names none).
public func parseSchema(_ text: String, path: String) -> ParsedSchema {
    SchemaLoader.parse(text, path: path, language: SchemaLoader.language(ofPath: path) ?? .yaml)
}

extension ParsedSchema {
    /// The messages of the diagnostics, in order.
    public var messages: [String] { diagnostics.map(\.message) }

    /// The locations of the diagnostics, in order.
    public var locations: [SourceLocation?] { diagnostics.map(\.location) }
}
