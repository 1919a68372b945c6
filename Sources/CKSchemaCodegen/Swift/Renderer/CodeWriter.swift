/// Accumulates lines of source text with indentation: four spaces per level, `\n` line ends, and exactly one
/// trailing newline in the result.
package struct CodeWriter: Sendable {
    /// The text of one indentation level.
    package static let indentation = "    "

    private var lines: [String] = []
    private var level = 0

    package init() {}

    /// The width in columns of the current indentation.
    package var indentationWidth: Int {
        level * Self.indentation.count
    }

    /// Appends `text` as one line at the current indentation; an empty `text` appends a blank line without
    /// trailing spaces.
    package mutating func line(_ text: String) {
        if text.isEmpty {
            lines.append("")
        } else {
            lines.append(String(repeating: Self.indentation, count: level) + text)
        }
    }

    /// Appends each of `texts` as a line.
    package mutating func lines(_ texts: [String]) {
        for text in texts { line(text) }
    }

    /// Appends a blank line unless the text is empty or already ends with one, so blank lines never double.
    package mutating func blankLine() {
        if let last = lines.last, !last.isEmpty { lines.append("") }
    }

    /// Runs `body` with the indentation one level deeper.
    package mutating func withIndentation(_ body: (inout CodeWriter) -> Void) {
        level += 1
        body(&self)
        level -= 1
    }

    /// The text written so far, ending with exactly one newline (empty when nothing was written).
    package var text: String {
        var kept = lines
        while let last = kept.last, last.isEmpty { kept.removeLast() }
        return kept.isEmpty ? "" : kept.joined(separator: "\n") + "\n"
    }
}
