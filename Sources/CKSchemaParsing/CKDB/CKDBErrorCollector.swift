import CKSchemaCore

/// Collects the syntax errors of one `.ckdb` file, keeping at most `limit` and counting the rest, so that
/// a file of junk yields a readable report instead of thousands of lines.
struct CKDBErrorCollector {
    /// The most errors reported for one file; beyond it one final error says how many were left out.
    static let limit = 200

    /// The path diagnostics name.
    let file: String
    /// The errors kept, in the order they were found.
    private(set) var errors: [Diagnostic] = []
    private var suppressedCount = 0
    private var firstSuppressedLocation: SourceLocation?

    init(file: String) {
        self.file = file
    }

    /// Adds a `ckdb_syntax` error at `line`:`column`.
    mutating func error(_ message: String, line: Int, column: Int, subject: SchemaPath? = nil) {
        add(.error(.ckdbSyntax, message, at: SourceLocation(file: file, line: line, column: column), subject: subject))
    }

    /// Adds `diagnostic`, or counts it when the limit is reached.
    mutating func add(_ diagnostic: Diagnostic) {
        guard errors.count < Self.limit else {
            suppressedCount += 1
            if firstSuppressedLocation == nil { firstSuppressedLocation = diagnostic.location }
            return
        }
        errors.append(diagnostic)
    }

    /// The errors in source order, followed by a summary of the suppressed ones when there were too many.
    func finished() -> [Diagnostic] {
        var sorted = errors.enumerated().sorted { lhs, rhs in
            let left = lhs.element.location, right = rhs.element.location
            if let left, let right, left != right { return left < right }
            return lhs.offset < rhs.offset
        }.map(\.element)
        if suppressedCount > 0 {
            sorted.append(.error(
                .ckdbSyntax,
                "too many syntax errors: \(suppressedCount) more after the first \(Self.limit) were not reported",
                at: firstSuppressedLocation
            ))
        }
        return sorted
    }
}
