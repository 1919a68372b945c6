/// Swift literal text for values that come from a schema.
public enum SwiftLiteral {
    /// Returns `value` as a Swift string literal: quotes, backslashes and control characters are escaped, and
    /// so are bidirectional-text controls, so the literal reads in source exactly as it compiles.
    public static func string(_ value: String) -> String {
        TextEscaping.quoted(value, escapes: escapes) { "\\u{" + String($0.value, radix: 16, uppercase: true) + "}" }
    }

    private static let escapes: [Unicode.Scalar: String] = [
        "\\": "\\\\", "\"": "\\\"", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\0": "\\0",
    ]

    /// Returns text that is safe inside a `//` or `///` comment line: line breaks and other control
    /// characters become spaces.
    public static func commentText(_ value: String) -> String {
        String(String.UnicodeScalarView(value.unicodeScalars.map { TextEscaping.mustEscape($0) ? " " : $0 }))
    }
}

/// Escaping shared by the literals generators write (Swift strings, JSON strings).
enum TextEscaping {
    /// Whether `scalar` is escaped in every generated literal: control characters, line and paragraph
    /// separators, and bidirectional-text controls, so that text reads in any viewer exactly as it compiles.
    static func mustEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F, 0x80..<0xA0, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F:
            true
        default:
            false
        }
    }

    /// `text` in double quotes: scalars in `escapes` replaced by their escape, other scalars that `mustEscape`
    /// written by `unicodeEscape`.
    static func quoted(_ text: String, escapes: [Unicode.Scalar: String],
                       unicodeEscape: (Unicode.Scalar) -> String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            if let escape = escapes[scalar] {
                output += escape
            } else if mustEscape(scalar) {
                output += unicodeEscape(scalar)
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }
}
