import CKSchemaCore
import CKSchemaDiff
import CKSchemaParsing
import CKSchemaTestSupport

/// Diffs two YAML (or, with `ckdb: true`, `.ckdb`) texts called `base.*` and `cand.*`.
func diff(_ baseline: String, _ candidate: String, ckdb: Bool = false) -> SchemaChangeSet {
    let ext = ckdb ? "ckdb" : "yaml"
    return SchemaDiffer.diff(baseline: parseSchema(baseline, path: "base.\(ext)"),
                             candidate: parseSchema(candidate, path: "cand.\(ext)"))
}

extension SchemaChangeSet {
    /// Each change as its one-line description (`add field 'x' STRING`), in order.
    var descriptions: [String] { changes.map(\.description) }
}
