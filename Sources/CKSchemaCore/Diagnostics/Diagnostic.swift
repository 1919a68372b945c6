/// A finding about a schema, a record file or a configuration file.
///
/// Library code returns diagnostics as values and never prints them; the executable chooses a reporter
/// and an exit code.
public struct Diagnostic: Hashable, Sendable {
    /// The rule or built-in check that produced it.
    public var id: DiagnosticID
    public var severity: Severity
    /// What is wrong, with names in single quotes; lower-case first letter, no trailing period.
    public var message: String
    /// Where it is; `nil` only for problems that concern no particular place.
    public var location: SourceLocation?
    /// The schema element it concerns, when there is one.
    public var subject: SchemaPath?
    /// Secondary facts (the first definition of a duplicate, a hint), each optionally located.
    public var notes: [Note]
    /// The record a record-validation finding concerns.
    public var record: RecordReference?

    public init(
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
    public static func error(_ id: DiagnosticID, _ message: String, at location: SourceLocation?,
                             subject: SchemaPath? = nil, notes: [Note] = []) -> Diagnostic {
        Diagnostic(id: id, severity: .error, message: message, location: location, subject: subject, notes: notes)
    }

    /// Orders diagnostics for output: by file, line, column, then ID and message, unlocated ones first.
    public static func sortedForOutput(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
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
public struct Note: Hashable, Sendable {
    public var message: String
    public var location: SourceLocation?

    public init(_ message: String, at location: SourceLocation? = nil) {
        self.message = message
        self.location = location
    }
}

/// Which record of a record file a validation finding concerns.
public struct RecordReference: Hashable, Sendable {
    /// The record's 0-based position in its file (array element or NDJSON record).
    public var index: Int
    /// The record's `recordName`, when it has one.
    public var recordName: String?
    /// A JSON pointer (RFC 6901) to the offending value within the file, e.g. `/records/3/fields/title/value`.
    public var pointer: String

    public init(index: Int, recordName: String? = nil, pointer: String) {
        self.index = index
        self.recordName = recordName
        self.pointer = pointer
    }
}

extension Array where Element == Diagnostic {
    /// Whether any diagnostic is an error.
    public var containsErrors: Bool {
        contains { $0.severity == .error }
    }
}
