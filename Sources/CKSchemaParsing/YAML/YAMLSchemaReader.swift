package import CKSchemaCore

/// Reads schemas written in the YAML schema format (see `docs/yaml-format.md`).
package enum YAMLSchemaParser {
    /// Reads and merges `files`, in the order given, into one schema.
    ///
    /// Problems never stop the reading: each one is a located diagnostic, and the schema holds everything
    /// that could be read. Record types may be split across files; see `docs/yaml-format.md` for how they
    /// merge.
    package static func parse(_ files: [SourceFile]) -> ParsedSchema {
        let builder = YAMLSchemaBuilder()
        for file in files {
            let composition = YAMLComposer.compose(file)
            builder.beginFile(nodeCount: composition.document.nodes.count)
            for diagnostic in composition.diagnostics { builder.report(diagnostic) }
            YAMLSchemaReader(document: composition.document, builder: builder).read()
        }
        return ParsedSchema(schema: builder.schema, sourceMap: builder.sourceMap(), diagnostics: builder.diagnostics,
                            sources: files, language: .yaml)
    }
}

/// Reads one composed YAML file into the shared `YAMLSchemaBuilder`, reporting every problem it meets and
/// carrying on with the next key.
struct YAMLSchemaReader {
    let document: YAMLDocument
    /// The document's nodes and texts, kept at hand for fast access.
    let nodes: [YAMLNode]
    let texts: YAMLTexts
    let builder: YAMLSchemaBuilder

    init(document: YAMLDocument, builder: YAMLSchemaBuilder) {
        self.document = document
        self.nodes = document.nodes
        self.texts = document.texts
        self.builder = builder
    }

    /// Reads the whole file.
    func read() {
        guard let root = document.root else { return }
        guard nodes[root].kind == .mapping else {
            reportInvalid(root, expected: "a mapping with 'recordTypes' (and optionally 'roles')", for: "a schema file")
            return
        }
        for (key, value) in document.pairs(of: root) {
            guard let name = name(key, for: "a key") else { continue }
            switch name {
            case "roles": readRoles(value)
            case "recordTypes": readRecordTypes(value)
            case "access": break  // access tests (docs/access.md), read by `ckschema access --check` when ckschema.yaml names the file
            default: reportUnknownKey(key, among: YAMLVocabulary.topLevelKeys, in: "at the top level")
            }
        }
    }

    /// `roles: [Moderator, Editor]`: custom roles, merged over all files.
    private func readRoles(_ index: Int) {
        guard let items = items(index, for: "'roles'", example: "[Moderator]") else { return }
        var firstInThisList: [String: SourceLocation] = [:]
        for item in items {
            guard let role = name(item, for: "a role") else { continue }
            if let first = firstInThisList[role] {
                builder.note(SyntaxFact(.duplicateRole, at: location(item), subject: .role(role), text: role,
                                        related: first))
                continue
            }
            firstInThisList[role] = location(item)
            builder.addRole(role, at: location(item))
        }
    }

    /// `recordTypes: { Name: { … } }`.
    private func readRecordTypes(_ index: Int) {
        guard let pairs = pairs(index, for: "'recordTypes'") else { return }
        for (key, value) in pairs {
            guard let name = name(key, for: "a record type name") else { continue }
            let type = builder.recordType(named: name, at: location(key))
            readRecordType(type, body: value)
        }
    }

    // MARK: - Reporting

    /// Where the node at `index` starts.
    func location(_ index: Int) -> SourceLocation {
        document.location(of: index)
    }

    /// Reports a built-in error at the node at `index`.
    func report(_ id: DiagnosticID, _ message: String, at index: Int, subject: SchemaPath? = nil,
                notes: [Note] = []) {
        builder.report(.error(id, message, at: location(index), subject: subject, notes: notes))
    }

    /// Reports the key at `index` as unknown `place` (`in field 'title'`), suggesting a known key.
    func reportUnknownKey(_ index: Int, among known: [String], in place: String, subject: SchemaPath? = nil) {
        let key = texts[index]
        let suggestion = YAMLSuggestions.key(key, among: known)
        let list = suggestion == nil ? "; expected \(known.map { "'\($0)'" }.joined(separator: ", "))" : ""
        report(.schemaUnknownKey, "unknown key '\(key)' \(place)\(YAMLSuggestions.didYouMean(suggestion))\(list)",
               at: index, subject: subject)
    }
}
