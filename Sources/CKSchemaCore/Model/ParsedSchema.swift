/// The result of reading a schema: the model, where each element was written, and the problems found
/// while reading. A schema with parse errors is still returned, holding everything that could be read.
package struct ParsedSchema: Sendable {
    /// The schema as far as it could be read.
    package var schema: Schema
    /// Where each element was written and what the text said beyond the model.
    package var sourceMap: SourceMap
    /// Problems found while reading (syntax, unknown keys, wrong value kinds).
    package var diagnostics: [Diagnostic]
    /// The files read, for quoting lines in reports and for inline suppressions.
    package var sources: [SourceFile]
    /// The language the schema was written in.
    package var language: SchemaLanguage

    package init(schema: Schema, sourceMap: SourceMap, diagnostics: [Diagnostic], sources: [SourceFile],
                language: SchemaLanguage) {
        self.schema = schema
        self.sourceMap = sourceMap
        self.diagnostics = diagnostics
        self.sources = sources
        self.language = language
    }

    /// The empty schema, read from nothing: an environment that was never deployed.
    package static let empty = ParsedSchema(schema: Schema(), sourceMap: SourceMap(), diagnostics: [], sources: [],
                                           language: .ckdb)

    /// Whether reading found errors (the schema is then incomplete).
    package var hasErrors: Bool {
        diagnostics.containsErrors
    }
}

/// The two languages ckschema reads schemas in.
package enum SchemaLanguage: String, Hashable, Sendable, Codable {
    /// The YAML schema format (`schemas/*.yaml`).
    case yaml
    /// The CloudKit Schema Language (`.ckdb`), as `cktool export-schema` writes it.
    case ckdb
}
