import CKSchemaCore

extension YAMLPrinter {
    /// The keys of a field's long form, in the order the format documents them; `type` alone when nothing
    /// else is set.
    static func fieldPairs(_ field: Field) -> [(key: String, value: YAMLBlockWriter.Value)] {
        let metadata = field.metadata
        let isBool = metadata.logicalType == .bool && field.type.primitive == .int64
        var pairs: [(key: String, value: YAMLBlockWriter.Value)] = [
            ("type", .inline(field.type.yamlName(asBool: isBool))),
        ]
        if field.type.isEncrypted { pairs.append(("encrypted", .inline("true"))) }
        if case .number(let preference?) = field.type.primitive {
            pairs.append(("preferredAs", .inline(preference.rawValue.lowercased())))
        }
        if !field.indexes.isEmpty { pairs.append(("indexes", .inline(indexList(field.indexes)))) }
        if case .enumeration(let values) = metadata.logicalType {
            let rendered = values.map { YAMLScalarQuoting.render($0, in: .flow) }
            pairs.append(("enum", .inline(YAMLBlockWriter.flowList(rendered))))
        }
        if let target = metadata.referenceTarget { pairs.append(("to", .text(target))) }
        if let action = metadata.referenceAction { pairs.append(("action", .inline(action.rawValue))) }
        if metadata.isRequired { pairs.append(("required", .inline("true"))) }
        if let value = metadata.defaultValue { pairs.append(("default", .inline(literal(value)))) }
        if let documentation = metadata.documentation { pairs.append(("doc", .text(documentation))) }
        if let swiftName = metadata.swiftName { pairs.append(("swiftName", .text(swiftName))) }
        if let deprecation = metadata.deprecation { pairs.append(("deprecated", .text(deprecation))) }
        if let policy = metadata.mergePolicy { pairs.append(("merge", .inline(policy.rawValue))) }
        if let migration = metadata.migration { pairs += migrationPairs(migration) }
        return pairs
    }

    /// `renamedFrom: OLD` or `replaces: { field: OLD, type: TYPE }`, then `dualWrite` and `lossy` when set.
    private static func migrationPairs(_ migration: FieldMigration) -> [(key: String, value: YAMLBlockWriter.Value)] {
        var pairs: [(key: String, value: YAMLBlockWriter.Value)] = []
        switch (migration.kind, migration.oldType) {
        case (.retype, let type?):
            let field = YAMLScalarQuoting.render(migration.oldField, in: .flow)
            pairs.append(("replaces", .inline("{ field: \(field), type: \(type.yamlName()) }")))
        default:
            pairs.append((migration.kind.rawValue, .text(migration.oldField)))
        }
        if migration.dualWrite { pairs.append(("dualWrite", .inline("true"))) }
        if migration.lossy { pairs.append(("lossy", .inline("true"))) }
        return pairs
    }

    /// A literal in flow style: `true`, `12`, `1.5`, `"12"`, `[a, [1, 2]]`. Nested lists are walked with an
    /// explicit stack.
    static func literal(_ value: LiteralValue) -> String {
        var output = ""
        var lists: [(items: [LiteralValue], next: Int)] = []
        var pending: LiteralValue? = value
        while true {
            if let current = pending {
                pending = nil
                if case .list(let items) = current {
                    output += "["
                    lists.append((items, 0))
                } else {
                    output += scalarLiteral(current)
                }
            }
            guard let innermost = lists.last else { return output }
            if innermost.next < innermost.items.count {
                if innermost.next > 0 { output += ", " }
                pending = innermost.items[innermost.next]
                lists[lists.count - 1].next += 1
            } else {
                output += "]"
                lists.removeLast()
            }
        }
    }

    private static func scalarLiteral(_ value: LiteralValue) -> String {
        switch value {
        case .bool(let flag): flag ? "true" : "false"
        case .integer(let number): String(number)
        case .double(let number): yamlDouble(number)
        // `"12"` stays text: the quoting rule quotes everything starting with a digit, sign or dot.
        case .string(let text): YAMLScalarQuoting.render(text, in: .flow)
        // Lists never get here: `literal(_:)` opens them.
        case .list: "[]"
        }
    }

    /// A double that YAML 1.1 and 1.2 both read as a float, and that reads back to exactly the same value:
    /// `1.0`, `2.5e-07` written `2.5e-07`, `1e+16` written `1.0e+16`, `.inf`, `-.inf`, `.nan`.
    static func yamlDouble(_ number: Double) -> String {
        if number.isNaN { return ".nan" }
        if number.isInfinite { return number < 0 ? "-.inf" : ".inf" }
        let text = number.description
        guard !text.contains("."), let exponent = text.firstIndex(where: { $0 == "e" || $0 == "E" }) else {
            return text
        }
        return text[..<exponent] + ".0" + text[exponent...]
    }
}
