/// A JSON value with ordered object keys, printed deterministically, for documents whose key order helps
/// people read them (JSON Schemas).
indirect enum JSONText {
    case string(String)
    case bool(Bool)
    case integer(Int)
    case array([JSONText])
    case object([(String, JSONText)])

    /// Two-space indentation, `"key": value`, a trailing newline; arrays of scalars stay on one line.
    var printed: String {
        var output = ""
        write(to: &output, indent: "")
        return output + "\n"
    }

    private func write(to output: inout String, indent: String) {
        switch self {
        case .string(let text): Self.quote(text, into: &output)
        case .bool(let value): output += value ? "true" : "false"
        case .integer(let value): output += String(value)
        case .array(let items):
            if items.allSatisfy(\.isScalar) {
                output += "[" + items.map { item in
                    var text = ""
                    item.write(to: &text, indent: indent)
                    return text
                }.joined(separator: ", ") + "]"
                return
            }
            let inner = indent + "  "
            output += "[\n"
            for (index, item) in items.enumerated() {
                output += inner
                item.write(to: &output, indent: inner)
                output += index == items.count - 1 ? "\n" : ",\n"
            }
            output += indent + "]"
        case .object(let pairs):
            guard !pairs.isEmpty else {
                output += "{}"
                return
            }
            let inner = indent + "  "
            output += "{\n"
            for (index, (key, value)) in pairs.enumerated() {
                output += inner
                Self.quote(key, into: &output)
                output += ": "
                value.write(to: &output, indent: inner)
                output += index == pairs.count - 1 ? "\n" : ",\n"
            }
            output += indent + "}"
        }
    }

    private var isScalar: Bool {
        switch self {
        case .string, .bool, .integer: true
        case .array, .object: false
        }
    }

    /// Writes `text` as a JSON string: quotes, backslashes and control characters escaped.
    private static func quote(_ text: String, into output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\t": output += "\\t"
            case "\r": output += "\\r"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
