package import CKSchemaCore
internal import Foundation

/// A stable, versioned JSON document (see `docs/output-formats.md`):
///
///     {"version": 1, "summary": {"errors": 1, "warnings": 0, "notes": 0},
///      "diagnostics": [{"id": "…", "severity": "error", "message": "…",
///                       "location": {"file": "…", "line": 3, "column": 5}, "subject": "Note.title",
///                       "notes": [{"message": "…", "location": {…}}],
///                       "record": {"index": 0, "recordName": "…", "pointer": "/records/0/fields/x"}}]}
///
/// Each diagnostic is a `DiagnosticRecord` (absent values `null`: `location`, `subject`, `record`); keys are
/// sorted.
package struct JSONReporter: Reporter {
    package init() {}

    package func render(_ diagnostics: [Diagnostic], context: ReportContext) -> String {
        let document = Document(
            version: 1,
            summary: Summary(errors: diagnostics.filter { $0.severity == .error }.count,
                             warnings: diagnostics.filter { $0.severity == .warning }.count,
                             notes: diagnostics.filter { $0.severity == .note }.count),
            diagnostics: diagnostics.map(DiagnosticRecord.init))
        return JSONOutput.encode(document)
    }

    private struct Document: Encodable {
        let version: Int
        let summary: Summary
        let diagnostics: [DiagnosticRecord]
    }

    private struct Summary: Encodable {
        let errors: Int
        let warnings: Int
        let notes: Int
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
