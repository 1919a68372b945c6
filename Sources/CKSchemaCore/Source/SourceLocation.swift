/// A position in a source file: 1-based line, 1-based column counted in Unicode scalars (as libyaml and
/// Yams `Mark` count them). Reporters convert at the edges (SARIF declares `unicodeCodePoints`).
package struct SourceLocation: Hashable, Sendable, Codable, Comparable {
    /// The file's path as the user gave it.
    package var file: String
    package var line: Int
    package var column: Int

    package init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    package static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}

extension SourceLocation: CustomStringConvertible {
    /// `path:line:column`, the form compilers print and editors link.
    package var description: String { "\(file):\(line):\(column)" }
}
