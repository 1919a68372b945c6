/// Makes text that came from input safe to show on a terminal: control characters, C1 controls and the Unicode
/// bidirectional formatting characters are written as visible escapes, so that a record type or a file name
/// holding `ESC ] 0 ; … BEL` cannot retitle the window, clear the screen or reorder what a reviewer reads.
///
/// Escaped: C0 controls except tab (and newline, unless `lineBreaks` is `.escaped`), DEL, C1 controls
/// (U+0080–U+009F), the bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), the marks
/// U+200E, U+200F and U+061C, and the line and paragraph separators U+2028 and U+2029. Everything else, emoji
/// and joiners included, is kept. Escaping is idempotent: an escape is made of printable characters.
package enum TerminalText {
    /// How an escaped character is written.
    package enum Style: Sendable {
        /// `\u{1B}`, for text meant to be read.
        case readable
        /// `\u001b`, for JSON documents (valid inside their strings, where such characters can only be).
        case json
    }

    /// What happens to line feeds.
    package enum LineBreaks: Sendable {
        /// Kept: multi-line messages stay multi-line.
        case kept
        /// Escaped too: for a value that must stay on its line (a message quoted in a one-line listing).
        case escaped
    }

    /// `text` with every unsafe character escaped; `text` itself when it holds none.
    package static func escape(_ text: some StringProtocol, lineBreaks: LineBreaks = .kept, style: Style = .readable) -> String {
        guard mayNeedEscaping(text, lineBreaks: lineBreaks) else { return String(text) }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar, lineBreaks: lineBreaks) {
                result += escaped(scalar, style: style)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether `text` holds a character `escape` would change.
    package static func needsEscaping(_ text: some StringProtocol, lineBreaks: LineBreaks = .kept) -> Bool {
        guard mayNeedEscaping(text, lineBreaks: lineBreaks) else { return false }
        return text.unicodeScalars.contains { isUnsafe($0, lineBreaks: lineBreaks) }
    }

    /// A byte scan that rules out most text at once: only a control byte (other than tab, and newline when
    /// kept) or a non-ASCII byte can start an unsafe character.
    private static func mayNeedEscaping(_ text: some StringProtocol, lineBreaks: LineBreaks) -> Bool {
        let keepsNewline = lineBreaks == .kept
        let isUnsafeByte = { (byte: UInt8) in
            byte >= 0x7F || (byte < 0x20 && byte != 0x09 && !(byte == 0x0A && keepsNewline))
        }
        // Every report passes through here whole: scan contiguous bytes, not the generic `utf8` view, which
        // cost 300 instructions a byte.
        return text.utf8.withContiguousStorageIfAvailable { $0.contains(where: isUnsafeByte) }
            ?? text.utf8.contains(where: isUnsafeByte)
    }

    /// Whether `scalar` must not reach a terminal as it is.
    package static func isUnsafe(_ scalar: Unicode.Scalar, lineBreaks: LineBreaks = .kept) -> Bool {
        switch scalar.value {
        case 0x09: false
        case 0x0A: lineBreaks == .escaped
        case 0x00..<0x20, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    private static func escaped(_ scalar: Unicode.Scalar, style: Style) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        switch style {
        case .readable: return "\\u{\(hex)}"
        case .json: return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex.lowercased()
        }
    }
}
