/// A finding about a schema, a record file or a configuration file.
///
/// Library code returns diagnostics as values and never prints them; the executable chooses a reporter
/// and an exit code.
package struct Diagnostic: Hashable, Sendable {
    /// The rule or built-in check that produced it.
    package var id: DiagnosticID
    package var severity: Severity
    /// What is wrong, with names in single quotes; lower-case first letter, no trailing period.
    package var message: String
    /// Where it is; `nil` only for problems that concern no particular place.
    package var location: SourceLocation?
    /// The schema element it concerns, when there is one.
    package var subject: SchemaPath?
    /// Secondary facts (the first definition of a duplicate, a hint), each optionally located.
    package var notes: [Note]
    /// The record a record-validation finding concerns.
    package var record: RecordReference?

    package init(
        id: DiagnosticID,
        severity: Severity,
        message: String,
        location: SourceLocation? = nil,
        subject: SchemaPath? = nil,
        notes: [Note] = [],
        record: RecordReference? = nil
    ) {
        self.id = id
        self.severity = severity
        self.message = message
        self.location = location
        self.subject = subject
        self.notes = notes
        self.record = record
    }

    /// A built-in error (parse and format problems): always an error, never configurable.
    package static func error(_ id: DiagnosticID, _ message: String, at location: SourceLocation?,
                             subject: SchemaPath? = nil, notes: [Note] = []) -> Diagnostic {
        Diagnostic(id: id, severity: .error, message: message, location: location, subject: subject, notes: notes)
    }

    /// Orders diagnostics for output: by file, line, column, then ID and message, unlocated ones first.
    package static func sortedForOutput(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.sorted { lhs, rhs in
            switch (lhs.location, rhs.location) {
            case (nil, .some): return true
            case (.some, nil): return false
            case let (left?, right?) where left != right: return left < right
            default: return (lhs.id, lhs.message) < (rhs.id, rhs.message)
            }
        }
    }
}

/// A secondary remark attached to a diagnostic.
package struct Note: Hashable, Sendable {
    package var message: String
    package var location: SourceLocation?

    package init(_ message: String, at location: SourceLocation? = nil) {
        self.message = message
        self.location = location
    }
}

/// Which record of a record file a validation finding concerns.
package struct RecordReference: Hashable, Sendable {
    /// The record's 0-based position in its file (array element or NDJSON record).
    package var index: Int
    /// The record's `recordName`, when it has one.
    package var recordName: String?
    /// A JSON pointer (RFC 6901) to the offending value within the file, e.g. `/records/3/fields/title/value`.
    package var pointer: String

    package init(index: Int, recordName: String? = nil, pointer: String) {
        self.index = index
        self.recordName = recordName
        self.pointer = pointer
    }
}

extension Array where Element == Diagnostic {
    /// Whether any diagnostic is an error.
    package var containsErrors: Bool {
        contains { $0.severity == .error }
    }
}
