/// A JSON value whose objects keep their keys in the order they were built, so that generated JSON is
/// deterministic and reads in a documented order.
package indirect enum JSONValue: Hashable, Sendable {
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
    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
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
    package func hash(into hasher: inout Hasher) {
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

    /// The value as pretty-printed JSON (two-space indentation, one element a line) ending with a newline.
    package var prettyPrinted: String {
        prettyPrinted(layout: .elementPerLine)
    }

    /// The value as pretty-printed JSON in `layout`, ending with a newline.
    package func prettyPrinted(layout: JSONPrinter.Layout) -> String {
        var output = ""
        JSONPrinter.write(self, indentation: 0, layout: layout, into: &output)
        return output + "\n"
    }

    /// Whether the value is a string, number, Boolean or `null`.
    var isScalar: Bool {
        switch self {
        case .array, .object: false
        case .null, .bool, .integer, .number, .string: true
        }
    }
}
