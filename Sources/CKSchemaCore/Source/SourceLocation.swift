/// A position in a source file: 1-based line, 1-based column counted in Unicode scalars (as libyaml and
/// Yams `Mark` count them). Reporters convert at the edges (SARIF declares `unicodeCodePoints`).
///
/// `public`, not `package`, for speed: the parsers make one for every element they read, and Swift inlines
/// only `public` code across modules (docs/architecture.md, "Access levels").
public struct SourceLocation: Hashable, Sendable, Codable, Comparable {
    /// The file's path as the user gave it.
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}

extension SourceLocation: CustomStringConvertible {
    /// `path:line:column`, the form compilers print and editors link.
    public var description: String { "\(file):\(line):\(column)" }
}
