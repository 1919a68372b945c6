/// A diagnostic as ckschema writes it in JSON — `lint --format json`, the findings of `diff --format json`,
/// the findings recorded in deploy plans: one encoding, every key always present (absent values `null`).
///
///     {"id": "…", "severity": "error", "message": "…", "location": {"file": "…", "line": 3, "column": 5},
///      "subject": "Note.title", "notes": [{"message": "…", "location": {…}}],
///      "record": {"index": 0, "recordName": "…", "pointer": "/records/0/fields/x"}}
package struct DiagnosticRecord: Hashable, Sendable, Codable {
    /// The rule or check ID (`field_no_delete`).
    package var id: String
    package var severity: Severity
    package var message: String
    package var location: SourceLocation?
    /// The schema element it is about (`Note.title`).
    package var subject: String?
    package var notes: [Note]
    /// The record it is about, for record validation.
    package var record: Record?

    /// Records `diagnostic`.
    package init(_ diagnostic: Diagnostic) {
        id = diagnostic.id.rawValue
        severity = diagnostic.severity
        message = diagnostic.message
        location = diagnostic.location
        subject = diagnostic.subject?.description
        notes = diagnostic.notes.map { Note(message: $0.message, location: $0.location) }
        record = diagnostic.record.map { Record(index: $0.index, recordName: $0.recordName, pointer: $0.pointer) }
    }

    /// The diagnostic without anything that points into files: what a schema alone determines.
    package var withoutLocations: DiagnosticRecord {
        var copy = self
        copy.location = nil
        copy.notes = notes.map { Note(message: $0.message, location: nil) }
        return copy
    }

    /// A note of a diagnostic.
    package struct Note: Hashable, Sendable, Codable {
        package var message: String
        package var location: SourceLocation?

        package init(message: String, location: SourceLocation?) {
            self.message = message
            self.location = location
        }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(message, forKey: .message)
            try container.encode(location, forKey: .location)
        }

        /// Reads a note; a location written as `file:line:column` text (deploy plans of version 1) is accepted.
        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            message = try container.decode(String.self, forKey: .message)
            location = try container.decodeLocation(forKey: .location)
        }

        private enum CodingKeys: String, CodingKey { case message, location }
    }

    /// Which record of a file a validation diagnostic is about.
    package struct Record: Hashable, Sendable, Codable {
        /// The record's 0-based position in its file.
        package var index: Int
        package var recordName: String?
        /// A JSON pointer to the offending value.
        package var pointer: String

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(index, forKey: .index)
            try container.encode(recordName, forKey: .recordName)
            try container.encode(pointer, forKey: .pointer)
        }

        private enum CodingKeys: String, CodingKey { case index, recordName, pointer }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(severity, forKey: .severity)
        try container.encode(message, forKey: .message)
        try container.encode(location, forKey: .location)
        try container.encode(subject, forKey: .subject)
        try container.encode(notes, forKey: .notes)
        try container.encode(record, forKey: .record)
    }

    /// Reads a diagnostic; keys written by older versions (no `location`, `subject` or `record`) read as absent.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        severity = try container.decode(Severity.self, forKey: .severity)
        message = try container.decode(String.self, forKey: .message)
        location = try container.decodeLocation(forKey: .location)
        subject = try container.decodeIfPresent(String.self, forKey: .subject)
        notes = try container.decode([Note].self, forKey: .notes)
        record = try container.decodeIfPresent(Record.self, forKey: .record)
    }

    private enum CodingKeys: String, CodingKey { case id, severity, message, location, subject, notes, record }
}

extension KeyedDecodingContainer {
    /// A location written as an object, or as `file:line:column` text (deploy plans of version 1), or absent.
    package func decodeLocation(forKey key: Key) throws -> SourceLocation? {
        if let text = try? decodeIfPresent(String.self, forKey: key) {
            return SourceLocation(text)
        }
        return try decodeIfPresent(SourceLocation.self, forKey: key)
    }
}

extension SourceLocation {
    /// Reads `file:line:column` (the `description` form); the file may itself contain colons.
    init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count >= 3, let line = Int(parts[parts.count - 2]), let column = Int(parts[parts.count - 1]) else {
            return nil
        }
        self.init(file: parts.dropLast(2).joined(separator: ":"), line: line, column: column)
    }
}
