/// Where the `↓` markers of an example's text are.
package enum ExampleMarkers {
    /// The (line, column) of each `↓` in `text` once the markers are removed (columns count Unicode scalars).
    package static func positions(in text: String) -> [(line: Int, column: Int)] {
        var positions: [(Int, Int)] = []
        var line = 1
        var column = 1
        for scalar in text.unicodeScalars {
            if scalar == "↓" {
                positions.append((line, column))
            } else if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return positions
    }
}
