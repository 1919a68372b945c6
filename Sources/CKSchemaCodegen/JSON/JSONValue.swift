/// A JSON value whose objects keep their keys in the order they were built, so that generated JSON is
/// deterministic and reads in a documented order.
public indirect enum JSONValue: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// An integer, printed exactly.
    case integer(Int64)
    /// A finite number; non-finite numbers print as `null` because JSON cannot hold them.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object: key-value pairs in output order.
    case object([(String, JSONValue)])

    /// Values are equal when they have the same kind and contents; objects also in the same key order.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let left), .bool(let right)): left == right
        case (.integer(let left), .integer(let right)): left == right
        case (.number(let left), .number(let right)): left == right
        case (.string(let left), .string(let right)): left == right
        case (.array(let left), .array(let right)): left == right
        case (.object(let left), .object(let right)):
            left.count == right.count && zip(left, right).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    /// Hashes consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value): hasher.combine(value)
        case .integer(let value): hasher.combine(value)
        case .number(let value): hasher.combine(value)
        case .string(let value): hasher.combine(value)
        case .array(let values): hasher.combine(values)
        case .object(let pairs):
            for (key, value) in pairs {
                hasher.combine(key)
                hasher.combine(value)
            }
        }
    }

    /// The value as pretty-printed JSON (two-space indentation) ending with a newline.
    public var prettyPrinted: String {
        var output = ""
        JSONPrinter.write(self, indentation: 0, into: &output)
        return output + "\n"
    }
}

/// Writes `JSONValue`s as text without recursion, so that nesting depth never threatens the stack.
enum JSONPrinter {
    private enum Step {
        case value(JSONValue, indentation: Int)
        case text(String)
    }

    static func write(_ root: JSONValue, indentation: Int, into output: inout String) {
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
