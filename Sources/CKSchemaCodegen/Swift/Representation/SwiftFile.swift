/// One Swift source file to generate: a header comment, its imports and its top-level declarations.
///
/// The representation is deliberately small. Structure is kept where options and tests need it (access
/// levels, doc comments, member order); function bodies are plain lines.
package struct SwiftFile: Hashable, Sendable {
    /// The file name, relative to the output directory (`JournalEntry.swift`).
    package var name: String
    /// Lines of the header comment, without the `// ` prefix.
    package var header: [String]
    /// Imports, in order; consecutive imports under the same condition share one `#if` block.
    package var imports: [SwiftImport]
    /// Top-level declarations, in order.
    package var declarations: [SwiftDeclaration]

    package init(name: String, header: [String], imports: [SwiftImport], declarations: [SwiftDeclaration]) {
        self.name = name
        self.header = header
        self.imports = imports
        self.declarations = declarations
    }
}

/// An `import` statement, optionally `public` and optionally under a compilation condition.
package struct SwiftImport: Hashable, Sendable {
    /// The module imported.
    package var module: String
    /// Whether the import is `public import` (needed when public declarations expose the module's types in a
    /// module built with `InternalImportsByDefault`).
    package var isPublic: Bool
    /// A `#if` condition such as `canImport(CloudKit)`, or `nil`.
    package var condition: String?

    package init(_ module: String, isPublic: Bool = false, condition: String? = nil) {
        self.module = module
        self.isPublic = isPublic
        self.condition = condition
    }
}
