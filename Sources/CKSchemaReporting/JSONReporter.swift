public import CKSchemaCore
internal import Foundation

/// A stable, versioned JSON document (see `docs/output-formats.md`):
///
///     {"version": 1, "summary": {"errors": 1, "warnings": 0, "notes": 0},
///      "diagnostics": [{"id": "…", "severity": "error", "message": "…",
///                       "location": {"file": "…", "line": 3, "column": 5}, "subject": "Note.title",
///                       "notes": [{"message": "…", "location": {…}}],
///                       "record": {"index": 0, "recordName": "…", "pointer": "/records/0/fields/x"}}]}
///
/// Absent values are `null` (`location`, `subject`, `record`); keys are sorted.
public struct JSONReporter: Reporter {
    public init() {}

    public func render(_ diagnostics: [Diagnostic], context: ReportContext) -> String {
        let document = Document(
            version: 1,
            summary: Summary(errors: diagnostics.filter { $0.severity == .error }.count,
                             warnings: diagnostics.filter { $0.severity == .warning }.count,
                             notes: diagnostics.filter { $0.severity == .note }.count),
            diagnostics: diagnostics.map(Entry.init))
        return JSONOutput.encode(document)
    }

    private struct Document: Encodable {
        let version: Int
        let summary: Summary
        let diagnostics: [Entry]
    }

    private struct Summary: Encodable {
        let errors: Int
        let warnings: Int
        let notes: Int
    }

    /// One diagnostic in the document; `ckschema diff`'s JSON uses the same shape for its findings.
    struct Entry: Encodable {
        let id: String
        let severity: String
        let message: String
        let location: SourceLocation?
        let subject: String?
        let notes: [NoteEntry]
        let record: RecordEntry?

        init(_ diagnostic: Diagnostic) {
            id = diagnostic.id.rawValue
            severity = diagnostic.severity.rawValue
            message = diagnostic.message
            location = diagnostic.location
            subject = diagnostic.subject?.description
            notes = diagnostic.notes.map { NoteEntry(message: $0.message, location: $0.location) }
            record = diagnostic.record.map { RecordEntry(index: $0.index, recordName: $0.recordName, pointer: $0.pointer) }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(severity, forKey: .severity)
            try container.encode(message, forKey: .message)
            try container.encode(location, forKey: .location)
            try container.encode(subject, forKey: .subject)
            try container.encode(notes, forKey: .notes)
            try container.encode(record, forKey: .record)
        }

        private enum CodingKeys: String, CodingKey {
            case id, severity, message, location, subject, notes, record
        }
    }

    struct NoteEntry: Encodable {
        let message: String
        let location: SourceLocation?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(message, forKey: .message)
            try container.encode(location, forKey: .location)
        }

        private enum CodingKeys: String, CodingKey { case message, location }
    }

    struct RecordEntry: Encodable {
        let index: Int
        let recordName: String?
        let pointer: String

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(index, forKey: .index)
            try container.encode(recordName, forKey: .recordName)
            try container.encode(pointer, forKey: .pointer)
        }

        private enum CodingKeys: String, CodingKey { case index, recordName, pointer }
    }
}

/// Deterministic JSON text: sorted keys, two-space indentation, no escaped slashes, trailing newline.
enum JSONOutput {
    static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain structs of strings and integers cannot fail; an empty object is the honest fallback.
        guard let data = try? encoder.encode(value) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
