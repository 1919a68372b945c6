/// Writes `JSONValue`s as text without recursion, so that nesting depth never threatens the stack.
package enum JSONPrinter {
    /// Where arrays break lines.
    package enum Layout: Sendable {
        /// Every array element on a line of its own (generated JSON Schemas, plugin requests).
        case elementPerLine
        /// Arrays of scalars on one line (`"required": ["name", "type"]`): hand-read documents such as the
        /// YAML format's JSON Schema.
        case scalarArraysOnOneLine
    }

    private enum Step {
        case value(JSONValue, indentation: Int)
        case text(String)
    }

    static func write(_ root: JSONValue, indentation: Int, layout: Layout, into output: inout String) {
        var steps: [Step] = [.value(root, indentation: indentation)]
        while let step = steps.popLast() {
            switch step {
            case .text(let text):
                output += text
            case .value(let value, let level):
                let inner = String(repeating: "  ", count: level + 1)
                let closing = String(repeating: "  ", count: level)
                switch value {
                case .null: output += "null"
                case .bool(let flag): output += flag ? "true" : "false"
                case .integer(let number): output += String(number)
                case .number(let number): output += number.isFinite ? formatted(number) : "null"
                case .string(let text): output += quoted(text)
                case .array(let elements) where elements.isEmpty: output += "[]"
                case .array(let elements) where layout == .scalarArraysOnOneLine && elements.allSatisfy(\.isScalar):
                    output += "[" + elements.map { $0.prettyPrinted(layout: layout).dropLast() }.joined(separator: ", ") + "]"
                case .object(let pairs) where pairs.isEmpty: output += "{}"
                case .array(let elements):
                    var pending: [Step] = [.text("[\n")]
                    for (index, element) in elements.enumerated() {
                        pending.append(.text(inner))
                        pending.append(.value(element, indentation: level + 1))
                        pending.append(.text(index == elements.count - 1 ? "\n" : ",\n"))
                    }
                    pending.append(.text(closing + "]"))
                    steps.append(contentsOf: pending.reversed())
                case .object(let pairs):
                    var pending: [Step] = [.text("{\n")]
                    for (index, pair) in pairs.enumerated() {
                        pending.append(.text(inner + quoted(pair.0) + ": "))
                        pending.append(.value(pair.1, indentation: level + 1))
                        pending.append(.text(index == pairs.count - 1 ? "\n" : ",\n"))
                    }
                    pending.append(.text(closing + "}"))
                    steps.append(contentsOf: pending.reversed())
                }
            }
        }
    }

    /// A JSON string literal: quotes, backslashes, control and bidirectional-text characters escaped.
    static func quoted(_ text: String) -> String {
        TextEscaping.quoted(text, escapes: escapes) { scalar in
            let hex = String(scalar.value, radix: 16, uppercase: false)
            return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
    }

    private static let escapes: [Unicode.Scalar: String] = [
        "\"": "\\\"", "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t",
    ]

    /// The shortest text that reads back as `number`; integral values keep a `.0`-free form (`3`).
    private static func formatted(_ number: Double) -> String {
        if number == number.rounded(), abs(number) < 1e15 {
            return String(Int64(number))
        }
        return String(describing: number)
    }
}
