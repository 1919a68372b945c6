import CKSchemaCore

/// A Mermaid `erDiagram` of a schema: each record type as an entity with its fields, and each reference field
/// whose target the schema names as a relationship.
enum MermaidDiagram {
    /// The diagram's lines, without the code fence.
    static func lines(for schema: Schema) -> [String] {
        let names = entityNames(for: schema)
        var lines = ["erDiagram"]
        for recordType in schema.recordTypes {
            guard let name = names[recordType.name] else { continue }
            guard !recordType.fields.isEmpty else {
                lines.append("    \(name)")
                continue
            }
            lines.append("    \(name) {")
            for field in recordType.fields {
                lines.append("        \(attributeType(field.type)) \(attributeName(field.name))\(attributeComment(field))")
            }
            lines.append("    }")
        }
        for recordType in schema.recordTypes {
            guard let source = names[recordType.name] else { continue }
            for field in recordType.fields where field.type.primitive == .reference {
                guard let targetName = field.metadata.referenceTarget, let target = names[targetName] else { continue }
                let cardinality = field.type.isList ? "}o--o{" : (field.metadata.isRequired ? "}o--||" : "}o--o|")
                var label = field.name
                if field.metadata.referenceAction == .deleteSelf { label += " (delete self)" }
                lines.append("    \(source) \(cardinality) \(target) : \(quotedLabel(label))")
            }
        }
        return lines
    }

    /// Mermaid entity names for every record type, double-quoted: Mermaid's ER lexer is case-insensitive and
    /// reads bare names that start like its keywords (`Class`, `End`, `Style`, `One`, `Many`, `To`, …) as those
    /// keywords, while a quoted name is always a name. Characters a quoted name cannot hold become `_`, and a
    /// numeric suffix keeps names distinct when that makes two the same.
    static func entityNames(for schema: Schema) -> [String: String] {
        var names: [String: String] = [:]
        var used: Set<String> = []
        for recordType in schema.recordTypes {
            let base = quotable(recordType.name)
            var candidate = base
            var suffix = 2
            while used.contains(candidate) {
                candidate = base + "_\(suffix)"
                suffix += 1
            }
            used.insert(candidate)
            names[recordType.name] = "\"" + candidate + "\""
        }
        return names
    }

    /// `name` without the characters Mermaid's quoted entity names exclude (`"`, `%`, `\`, line breaks and other
    /// control characters).
    private static func quotable(_ name: String) -> String {
        var output = ""
        for scalar in name.unicodeScalars {
            let isExcluded = scalar == "\"" || scalar == "%" || scalar == "\\" || scalar.value < 0x20 || scalar.value == 0x7F
            output.unicodeScalars.append(isExcluded ? "_" : scalar)
        }
        return output.isEmpty ? "_" : output
    }

    /// An attribute name as Mermaid's ER lexer reads it inside an entity block: characters outside its word
    /// pattern become `_`; a name the lexer would read as a key marker (`PK`, `FK`, `UK`, in any case) is
    /// written in backticks, which make any text an attribute name.
    static func attributeName(_ name: String) -> String {
        var output = ""
        for scalar in name.unicodeScalars {
            let isAllowed = ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-" || scalar == "."
            output.unicodeScalars.append(isAllowed ? scalar : "_")
        }
        if let first = output.unicodeScalars.first, !("a"..."z").contains(first), !("A"..."Z").contains(first),
           first != "_" {
            output = "_" + output
        }
        if output.isEmpty { return "_" }
        return startsWithKeyMarker(output) ? "`" + output + "`" : output
    }

    /// Whether the lexer's `\b(PK|FK|UK)\b` matches at the start of `name`.
    private static func startsWithKeyMarker(_ name: String) -> Bool {
        let scalars = Array(name.lowercased().unicodeScalars)
        guard scalars.count >= 2, ["pk", "fk", "uk"].contains(String(String.UnicodeScalarView(scalars[0..<2])))
        else { return false }
        guard scalars.count > 2 else { return true }
        let next = scalars[2]
        let isWordCharacter = ("a"..."z").contains(next) || ("0"..."9").contains(next) || next == "_"
        return !isWordCharacter
    }

    private static func attributeType(_ type: FieldType) -> String {
        type.primitive.keyword + (type.isList ? "[]" : "")
    }

    private static func attributeComment(_ field: Field) -> String {
        var notes: [String] = []
        if field.type.isEncrypted { notes.append("encrypted") }
        if field.metadata.isRequired { notes.append("required") }
        switch field.metadata.logicalType {
        case .bool?: notes.append("bool")
        case .enumeration?: notes.append("enum")
        case nil: break
        }
        if let target = field.metadata.referenceTarget { notes.append("to \(target)") }
        return notes.isEmpty ? "" : " " + quotedLabel(notes.joined(separator: ", "))
    }

    private static func quotedLabel(_ text: String) -> String {
        "\"" + text.replacingAll("\"", with: "'") + "\""
    }
}
