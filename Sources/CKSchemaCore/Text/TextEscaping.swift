/// Escaping shared by the literals ckschema writes (generated Swift strings, JSON strings).
package enum TextEscaping {
    /// Whether `scalar` is escaped in every generated literal: control characters, line and paragraph
    /// separators, and bidirectional-text controls, so that text reads in any viewer exactly as it compiles.
    package static func mustEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F, 0x80..<0xA0, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F:
            true
        default:
            false
        }
    }

    /// `text` in double quotes: scalars in `escapes` replaced by their escape, other scalars that `mustEscape`
    /// written by `unicodeEscape`.
    package static func quoted(_ text: String, escapes: [Unicode.Scalar: String],
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
