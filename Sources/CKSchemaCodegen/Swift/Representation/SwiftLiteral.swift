/// Swift literal text for values that come from a schema.
public enum SwiftLiteral {
    /// Returns `value` as a Swift string literal: quotes, backslashes and control characters are escaped, and
    /// so are bidirectional-text controls, so the literal reads in source exactly as it compiles.
    public static func string(_ value: String) -> String {
        var text = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": text += "\\\\"
            case "\"": text += "\\\""
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\0": text += "\\0"
            default:
                if needsEscape(scalar) {
                    text += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        return text + "\""
    }

    /// Returns text that is safe inside a `//` or `///` comment line: line breaks and other control
    /// characters become spaces.
    public static func commentText(_ value: String) -> String {
        String(String.UnicodeScalarView(value.unicodeScalars.map { needsEscape($0) || $0 == "\t" ? " " : $0 }))
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F, 0x80..<0xA0, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F:
            true
        default:
            false
        }
    }
}
