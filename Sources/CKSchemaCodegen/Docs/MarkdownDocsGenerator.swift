import CKSchemaCore

/// The `docs` generator: a Markdown reference of every record type and field, with a Mermaid ER diagram of
/// the references between record types.
package struct MarkdownDocsGenerator: SchemaGenerator {
    /// `docs`.
    package let name = "docs"
    /// The name of the Markdown file written.
    package var fileName: String
    /// The document's title.
    package var title: String

    package init(fileName: String = "schema.md", title: String = "CloudKit schema") {
        self.fileName = fileName
        self.title = title
    }

    /// Writes the reference of `input.schema`.
    package func generate(_ input: GeneratorInput) -> GenerationResult {
        let schema = input.schema
        var lines = ["<!-- \(GeneratedHeader.text(schemaPath: input.schemaPath)) -->", "", "# \(MarkdownText.paragraph(title))", ""]
        let roles = schema.roles.map { MarkdownText.code($0.name) }.joined(separator: ", ")
        lines.append("\(count(schema.recordTypes.count, "record type"))"
                     + (schema.roles.isEmpty ? "" : "; custom roles: \(roles)") + ".")
        lines.append("")
        let anchors = headingAnchors(for: schema)
        if !schema.recordTypes.isEmpty {
            lines += ["| Record type | Database | Fields | Description |", "|---|---|---|---|"]
            for recordType in schema.recordTypes {
                let link = "[\(MarkdownText.cellCode(recordType.name))](#\(anchors[recordType.name] ?? ""))"
                let database = recordType.metadata.database?.rawValue ?? ""
                let summary = MarkdownText.cell(firstLine(of: recordType.metadata.documentation))
                lines.append("| \(link) | \(database) | \(recordType.fields.count) | \(summary) |")
            }
            lines += ["", "## Diagram", "", "```mermaid"] + MermaidDiagram.lines(for: schema) + ["```", ""]
        }
        for recordType in schema.recordTypes {
            lines += section(for: recordType, anchors: anchors)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        let contents = lines.joined(separator: "\n") + "\n"
        return GenerationResult(files: [GeneratedFile(name: fileName, contents: contents)], diagnostics: [])
    }

    // MARK: - Sections

    private func section(for recordType: RecordType, anchors: [String: String]) -> [String] {
        var lines = ["## \(MarkdownText.code(recordType.name))", ""]
        if let documentation = recordType.metadata.documentation {
            lines += [MarkdownText.paragraph(documentation), ""]
        }
        var facts: [String] = []
        if let database = recordType.metadata.database { facts.append("Database: \(database.rawValue)") }
        if let zone = recordType.metadata.zone { facts.append("Zone: \(MarkdownText.code(zone))") }
        if let swiftName = recordType.metadata.swiftName { facts.append("Swift name: \(MarkdownText.code(swiftName))") }
        let systemIndexes = SystemField.allCases.compactMap { field -> String? in
            let indexes = recordType.indexes(on: field)
            guard !indexes.isEmpty else { return nil }
            return "\(MarkdownText.code(field.yamlKey)) (\(indexes.options.map(\.yamlName).joined(separator: ", ")))"
        }
        if !systemIndexes.isEmpty { facts.append("System field indexes: " + systemIndexes.joined(separator: ", ")) }
        if !recordType.grants.isEmpty {
            let grants = recordType.grants.map { grant in
                "\(MarkdownText.code(grant.role)): \(grant.permissions.members.map { $0.keyword.lowercased() }.joined(separator: ", "))"
            }
            facts.append("Grants: " + grants.joined(separator: "; "))
        }
        if !facts.isEmpty { lines += facts.map { "- " + $0 } + [""] }
        guard !recordType.fields.isEmpty else { return lines + ["No fields.", ""] }
        lines += ["| Field | Type | Indexes | Required | Default | Description |", "|---|---|---|---|---|---|"]
        let replacements = recordType.replacementsOfRetiredFields
        for field in recordType.fields {
            lines.append(row(for: field, replacedBy: replacements[field.name], anchors: anchors))
        }
        return lines + [""]
    }

    private func row(for field: Field, replacedBy replacement: String?, anchors: [String: String]) -> String {
        var type = MarkdownText.cellCode(field.type.description)
        switch field.metadata.logicalType {
        case .bool?:
            type += " (bool: 0 or 1)"
        case .enumeration(let values)?:
            type += " (enum: " + values.map(MarkdownText.cellCode).joined(separator: ", ") + ")"
        case nil:
            break
        }
        if let target = field.metadata.referenceTarget {
            let code = MarkdownText.cellCode(target)
            type += " → " + (anchors[target].map { "[\(code)](#\($0))" } ?? code)
            if let action = field.metadata.referenceAction, action != .none { type += " (\(action.rawValue))" }
        }
        let indexes = field.indexes.options.map(\.yamlName).joined(separator: ", ")
        let defaultValue = field.metadata.defaultValue.map { MarkdownText.cellCode(literalText($0)) } ?? ""
        var description = field.metadata.documentation.map(MarkdownText.cell) ?? ""
        if let swiftName = field.metadata.swiftName {
            description += (description.isEmpty ? "" : " ") + "Swift name: \(MarkdownText.cellCode(swiftName))."
        }
        if let migration = field.metadata.migration {
            description += (description.isEmpty ? "" : " ") + MigrationNotes.migrated(migration)
        }
        if let replacement {
            description = MigrationNotes.retired(replacedBy: replacement) + (description.isEmpty ? "" : " " + description)
        }
        if let deprecation = field.metadata.deprecation {
            description = "**Deprecated**" + (deprecation.isEmpty ? "." : ": " + MarkdownText.cell(deprecation))
                + (description.isEmpty ? "" : " " + description)
        }
        let required = field.metadata.isRequired ? "yes" : ""
        return "| \(MarkdownText.cellCode(field.name)) | \(type) | \(indexes) | \(required) | \(defaultValue) | \(description) |"
    }

    // MARK: - Helpers

    /// The anchor of each record type's heading, numbered like GitHub when two headings give the same one.
    private func headingAnchors(for schema: Schema) -> [String: String] {
        var anchors: [String: String] = [:]
        var counts: [String: Int] = ["diagram": 1, MarkdownText.anchor(forHeading: title): 1]
        for recordType in schema.recordTypes {
            let base = MarkdownText.anchor(forHeading: recordType.name)
            let seen = counts[base, default: 0]
            anchors[recordType.name] = seen == 0 ? base : "\(base)-\(seen)"
            counts[base] = seen + 1
        }
        return anchors
    }

    /// A default value as compact JSON (strings quoted and escaped), which fits on one line.
    private func literalText(_ literal: LiteralValue) -> String {
        SchemaDocument.encode(literal).prettyPrinted.split(separator: "\n")
            .map { $0.trimmingLeadingSpaces() }.joined(separator: " ")
    }

    private func firstLine(of text: String?) -> String {
        guard let text else { return "" }
        return String(text.prefix { $0 != "\n" })
    }

    private func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}

extension Substring {
    /// The text without leading spaces.
    func trimmingLeadingSpaces() -> Substring {
        drop { $0 == " " }
    }
}
