/// Accumulates lines of source text with indentation: four spaces per level, `\n` line ends, and exactly one
/// trailing newline in the result.
public struct CodeWriter: Sendable {
    /// The text of one indentation level.
    public static let indentation = "    "

    private var lines: [String] = []
    private var level = 0

    public init() {}

    /// The width in columns of the current indentation.
    public var indentationWidth: Int {
        level * Self.indentation.count
    }

    /// Appends `text` as one line at the current indentation; an empty `text` appends a blank line without
    /// trailing spaces.
    public mutating func line(_ text: String) {
        if text.isEmpty {
            lines.append("")
        } else {
            lines.append(String(repeating: Self.indentation, count: level) + text)
        }
    }

    /// Appends each of `texts` as a line.
    public mutating func lines(_ texts: [String]) {
        for text in texts { line(text) }
    }

    /// Appends a blank line unless the text is empty or already ends with one, so blank lines never double.
    public mutating func blankLine() {
        if let last = lines.last, !last.isEmpty { lines.append("") }
    }

    /// Runs `body` with the indentation one level deeper.
    public mutating func withIndentation(_ body: (inout CodeWriter) -> Void) {
        level += 1
        body(&self)
        level -= 1
    }

    /// The text written so far, ending with exactly one newline (empty when nothing was written).
    public var text: String {
        var kept = lines
        while let last = kept.last, last.isEmpty { kept.removeLast() }
        return kept.isEmpty ? "" : kept.joined(separator: "\n") + "\n"
    }
}
