import CKSchemaCore
import CKSchemaDiff
import CKSchemaParsing
import CKSchemaTestSupport

/// Parses `text` as a schema file called `path` (the extension picks the language).
func parse(_ text: String, path: String) -> ParsedSchema {
    SchemaLoader.parse(text, path: path, language: SchemaLoader.language(ofPath: path) ?? .yaml)
}

/// Diffs two YAML (or, with `ckdb: true`, `.ckdb`) texts called `base.*` and `cand.*`.
func diff(_ baseline: String, _ candidate: String, ckdb: Bool = false) -> SchemaChangeSet {
    let ext = ckdb ? "ckdb" : "yaml"
    return SchemaDiffer.diff(baseline: parse(baseline, path: "base.\(ext)"),
                             candidate: parse(candidate, path: "cand.\(ext)"))
}

extension SchemaChangeSet {
    /// Each change as its one-line description (`add field 'x' STRING`), in order.
    var descriptions: [String] { changes.map(\.description) }
}
