import CKSchemaCore

/// Typed reading of single values. Each reader reports a `schema_invalid_value` at the offending node and
/// returns `nil`; placeholders the composer already reported (`YAMLNode.Kind.invalid`) return `nil` quietly.
extension YAMLSchemaReader {
    /// How a node reads in a message: `'text'`, `null`, `a list`, `a mapping`.
    func describe(_ index: Int) -> String {
        let node = nodes[index]
        switch node.kind {
        case .scalar where node.isNull: return "null"
        case .scalar:
            let text = texts[index].count > 40 ? String(texts[index].prefix(40)) + "…" : texts[index]
            return "'\(text)'"
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        case .invalid: return "nothing"
        }
    }

    /// Reports that `what` at `index` should have been `expected`.
    func reportInvalid(_ index: Int, expected: String, for what: @autoclosure () -> String, hint: String = "") {
        guard nodes[index].kind != .invalid else { return }
        report(.schemaInvalidValue, "\(what()) must be \(expected), not \(describe(index))\(hint)", at: index)
    }

    /// A scalar's text (not null).
    func text(_ index: Int, for what: @autoclosure () -> String) -> String? {
        nonNullScalar(index, expected: "text", for: what())
    }

    /// A name (record type, field, role): a non-null scalar.
    func name(_ index: Int, for what: @autoclosure () -> String) -> String? {
        nonNullScalar(index, expected: "a name", for: what())
    }

    private func nonNullScalar(_ index: Int, expected: String, for what: @autoclosure () -> String) -> String? {
        let node = nodes[index]
        guard node.kind == .scalar, !node.isNull else {
            let hint = node.isNull ? "; quote it to mean the word" : ""
            reportInvalid(index, expected: expected, for: what(), hint: hint)
            return nil
        }
        return texts[index]
    }

    /// `true` or `false` (YAML 1.2 spellings, unquoted).
    func bool(_ index: Int, for what: @autoclosure () -> String) -> Bool? {
        let node = nodes[index]
        if node.kind == .scalar, node.style == .plain {
            switch texts[index] {
            case "true", "True", "TRUE": return true
            case "false", "False", "FALSE": return false
            case "yes", "Yes", "YES", "on", "On", "ON", "y", "Y":
                reportInvalid(index, expected: "true or false", for: what(), hint: "; did you mean 'true'?")
                return nil
            case "no", "No", "NO", "off", "Off", "OFF", "n", "N":
                reportInvalid(index, expected: "true or false", for: what(), hint: "; did you mean 'false'?")
                return nil
            default: break
            }
        }
        reportInvalid(index, expected: "true or false", for: what())
        return nil
    }

    /// One of `choices`, matched ignoring case, `_` and `-` (`deleteSelf`, `DELETE_SELF`).
    func choice<Choice>(_ index: Int, among choices: [(name: String, value: Choice)],
                        for what: @autoclosure () -> String) -> Choice? {
        let node = nodes[index]
        if node.kind == .scalar {
            // The exact spelling is by far the most common; it needs no normalising.
            if let match = choices.first(where: { $0.name == texts[index] }) { return match.value }
            let key = Self.comparable(texts[index])
            if !node.isNull, let match = choices.first(where: { Self.comparable($0.name) == key }) {
                return match.value
            }
        }
        let names = choices.map(\.name)
        let list = names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
        guard node.kind == .scalar, !node.isNull else {
            reportInvalid(index, expected: list, for: what())
            return nil
        }
        report(.schemaInvalidValue,
               "\(what()) must be \(list), not '\(texts[index])'"
                   + YAMLSuggestions.didYouMean(YAMLSuggestions.closest(texts[index], among: names)),
               at: index)
        return nil
    }

    /// The items of a list, or `[]` for null. Anything else is reported and reads as `nil`.
    func items(_ index: Int, for what: @autoclosure () -> String, example: String) -> SequenceItems? {
        let node = nodes[index]
        if node.kind == .sequence { return document.items(of: index) }
        if node.isNull { return document.items(of: index) }
        reportInvalid(index, expected: "a list such as \(example)", for: what())
        return nil
    }

    /// The pairs of a mapping, or none for null. Anything else is reported and reads as `nil`.
    func pairs(_ index: Int, for what: @autoclosure () -> String) -> MappingPairs? {
        let node = nodes[index]
        if node.kind == .mapping || node.isNull { return document.pairs(of: index) }
        reportInvalid(index, expected: "a mapping", for: what())
        return nil
    }

    private static func comparable(_ text: String) -> String {
        String(text.lowercased().unicodeScalars.filter { $0 != "_" && $0 != "-" })
    }
}
