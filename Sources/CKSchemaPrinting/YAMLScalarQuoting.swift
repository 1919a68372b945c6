/// Decides how a string is written in YAML so that every reader gets the same string back.
///
/// A string is written plain only when neither YAML 1.1 nor YAML 1.2 could read it as anything else and
/// it cannot end a key, start a comment or (inside `{ }` and `[ ]`) end a flow collection early: `on`,
/// `no`, `~`, `123`, `a: b`, ` padded ` are always quoted, `x,y` only in flow context. Quoting uses double
/// quotes, escaping what is not printable, so any string survives.
enum YAMLScalarQuoting {
    /// Where a scalar is written: flow collections also end at `,`, `[`, `]`, `{` and `}`.
    enum Context {
        case block
        case flow
    }

    /// Words that YAML 1.1 or 1.2 reads as null or a Boolean, compared ignoring case.
    private static let reservedWords: Set<String> = [
        "null", "~", "true", "false", "yes", "no", "y", "n", "on", "off",
    ]

    /// `text` as a YAML scalar: plain when that is safe in `context`, double-quoted otherwise.
    static func render(_ text: String, in context: Context) -> String {
        needsQuotes(text, in: context) ? doubleQuoted(text) : text
    }

    /// Whether `text` must be quoted in `context`.
    static func needsQuotes(_ text: String, in context: Context) -> Bool {
        let scalars = text.unicodeScalars
        guard let first = scalars.first, let last = scalars.last else { return true }
        if startsSomethingElse(first) || first == " " || last == " " { return true }
        for scalar in scalars {
            switch scalar {
            // `:` can end a key and `#` start a comment anywhere (quoting every one is simpler than
            // tracking the spaces around them).
            case ":", "#": return true
            case ",", "[", "]", "{", "}": if context == .flow { return true }
            default: if !isPlainPrintable(scalar) { return true }
            }
        }
        return reservedWords.contains(text.lowercased())
    }

    /// Whether a plain scalar starting with `scalar` could read as an indicator, a number or a special value.
    private static func startsSomethingElse(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "-", "?", ":", ",", "[", "]", "{", "}", "#", "&", "*", "!", "|", ">", "'", "\"", "%", "@", "`":
            return true
        // Numbers (`12`, `+1`, `.5`, `.inf`), `<<` (merge key) and `=` (YAML 1.1 value key).
        case "0"..."9", "+", ".", "<", "=", "~":
            return true
        default:
            return false
        }
    }

    /// Whether `scalar` may appear unescaped in a plain scalar: printable and not a line break or tab.
    private static func isPlainPrintable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20...0x7E: true
        case 0xA0...0xD7FF: scalar.value != 0x2028 && scalar.value != 0x2029
        case 0xE000...0xFFFD: scalar.value != 0xFEFF
        case 0x10000...0x10FFFF: true
        default: false
        }
    }

    /// `text` in double quotes, with `"` and `\` escaped and everything not printable written as an escape.
    static func doubleQuoted(_ text: String) -> String {
        var output = "\""
        output.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\t": output += "\\t"
            case "\r": output += "\\r"
            case "\0": output += "\\0"
            case "\u{85}": output += "\\N"
            case "\u{2028}": output += "\\L"
            case "\u{2029}": output += "\\P"
            default:
                if isPlainPrintable(scalar) {
                    output.unicodeScalars.append(scalar)
                } else {
                    output += escape(scalar)
                }
            }
        }
        return output + "\""
    }

    /// `\xHH`, `\uHHHH` or `\UHHHHHHHH`.
    private static func escape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let (prefix, width) = switch scalar.value {
        case ..<0x100: ("\\x", 2)
        case ..<0x10000: ("\\u", 4)
        default: ("\\U", 8)
        }
        return prefix + String(repeating: "0", count: width - hex.count) + hex
    }

    /// Whether `text` can be written as a literal block scalar (`|-`) and read back exactly: several lines,
    /// all printable, no line ending in blanks, not starting with a blank or a line break, not ending with a
    /// line break.
    static func fitsLiteralBlock(_ text: String) -> Bool {
        let scalars = text.unicodeScalars
        guard scalars.contains("\n"), let first = scalars.first, let last = scalars.last,
              first != " ", first != "\t", first != "\n", last != "\n" else { return false }
        var previous: Unicode.Scalar = "\n"
        for scalar in scalars {
            if scalar == "\n" {
                if previous == " " || previous == "\t" { return false }
            } else if scalar != "\t", !isPlainPrintable(scalar) {
                return false
            }
            previous = scalar
        }
        return previous != " " && previous != "\t"
    }
}
