package import CKSchemaCore

/// A composed YAML file: its document (possibly partial) and the problems found while composing it.
package struct YAMLComposition: Sendable {
    /// The document as far as it could be read. After a syntax error it holds everything before the error;
    /// containers left open are closed and marked `isCutOff`.
    package var document: YAMLDocument
    /// Syntax errors, duplicate keys, aliases, nesting too deep, extra documents, an empty file.
    package var diagnostics: [Diagnostic]
}

/// Reads a YAML file into a `YAMLDocument` with exact positions, straight from libyaml's events.
///
/// Unlike `Yams.compose`, it resolves no scalar through regular expressions (readers decide what a scalar
/// means), keeps going past a duplicate key (the first one wins, the second is reported), never expands an
/// alias, and uses an explicit stack, so the nesting the input chooses cannot exhaust the call stack.
package enum YAMLComposer {
    /// The deepest nesting accepted. The schema format needs six levels; anything much deeper is a
    /// mistake or an attack, and its subtree is skipped.
    package static let defaultMaximumDepth = 64

    /// Composes `file`. Deeper nesting than `maximumDepth` is reported once per subtree and skipped.
    package static func compose(_ file: SourceFile, maximumDepth: Int = defaultMaximumDepth) -> YAMLComposition {
        var builder = YAMLDocumentBuilder(file: file, maximumDepth: max(1, maximumDepth))
        builder.run()
        return YAMLComposition(document: builder.document, diagnostics: builder.diagnostics)
    }
}
