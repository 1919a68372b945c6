package import CKSchemaCore

/// Source text with position markers, for tests that pin exact line and column numbers.
///
/// Write `1️⃣`, `2️⃣`, … (or `↓` for a single unnamed marker) where a diagnostic should point; the markers
/// are removed from `text` and their positions recorded, columns counted in Unicode scalars like libyaml.
///
///     let marked = MarkedText("recordTypes:\n  Note:\n    fields: { 1️⃣title: boolean }")
///     marked.location("1️⃣", file: "a.yaml") // a.yaml:3:15
package struct MarkedText: Sendable {
    /// The text with every marker removed.
    package let text: String
    /// The 1-based (line, column) of each marker, keyed by the marker itself (the last one wins when a
    /// marker repeats; see `allMarkers`).
    package let markers: [String: (line: Int, column: Int)]
    /// Every marker in text order, repeats included (several `↓` in one text).
    package let allMarkers: [(symbol: String, line: Int, column: Int)]

    /// The markers recognised: `↓` and the keycap digits 0️⃣ to 9️⃣.
    package static let markerSymbols: [String] = ["↓"] + (0...9).map { "\($0)\u{FE0F}\u{20E3}" }

    package init(_ marked: String) {
        var output = ""
        var found: [String: (line: Int, column: Int)] = [:]
        var all: [(symbol: String, line: Int, column: Int)] = []
        var line = 1
        var column = 1
        var index = marked.startIndex
        outer: while index < marked.endIndex {
            for symbol in Self.markerSymbols where marked[index...].hasPrefix(symbol) {
                found[symbol] = (line, column)
                all.append((symbol, line, column))
                index = marked.index(index, offsetBy: symbol.count)
                continue outer
            }
            let character = marked[index]
            output.append(character)
            if character == "\n" || character == "\r\n" {
                line += 1
                column = 1
            } else {
                column += character.unicodeScalars.count
            }
            index = marked.index(after: index)
        }
        self.text = output
        self.markers = found
        self.allMarkers = all
    }

    /// The locations of every marker, repeats included, in a file called `file`.
    package func locations(file: String) -> [SourceLocation] {
        allMarkers.map { SourceLocation(file: file, line: $0.line, column: $0.column) }
    }

    /// The location of `marker` in a file called `file`; traps if the marker is absent (a broken test).
    package func location(_ marker: String = "↓", file: String) -> SourceLocation {
        guard let position = markers[marker] else {
            preconditionFailure("marker \(marker) is not in the text")
        }
        return SourceLocation(file: file, line: position.line, column: position.column)
    }

    /// A `SourceFile` holding the unmarked text.
    package func sourceFile(path: String) -> SourceFile {
        SourceFile(path: path, text: text)
    }
}
