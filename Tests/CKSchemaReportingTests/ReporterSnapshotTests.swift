import CKSchemaCore
import CKSchemaReporting
import CKSchemaRules
import CKSchemaTestSupport
import Foundation
import Testing

/// One snapshot per output format, over the same findings: located and unlocated, all severities, notes,
/// a record finding, a non-ASCII line and characters the formats must escape.
@Suite struct ReporterSnapshotTests {
    private let source = SourceFile(path: "schemas/Note.yaml", text: """
        recordTypes:
          Note:
            fields:
              títle: { type: string, indexes: [searchable] }
              count: { type: int64, indexes: [searchable] }
        """)

    private var diagnostics: [CKSchemaCore.Diagnostic] {
        let file = source.path
        return Diagnostic.sortedForOutput([
            Diagnostic(id: "searchable_requires_string", severity: .error,
                       message: "field 'count' is INT64; SEARCHABLE needs STRING, 100% sure: a,b",
                       location: SourceLocation(file: file, line: 5, column: 40), subject: .field("Note", "count"),
                       notes: [Note("the type is set here", at: SourceLocation(file: file, line: 5, column: 20))]),
            Diagnostic(id: "unique_names", severity: .warning, message: "field 'títle' looks odd\nsecond line",
                       location: SourceLocation(file: file, line: 4, column: 7), subject: .field("Note", "títle")),
            Diagnostic(id: "record_value_type_mismatch", severity: .error, message: "value is not a string",
                       location: SourceLocation(file: "records.ndjson", line: 3, column: 12),
                       record: RecordReference(index: 2, recordName: "A1", pointer: "/fields/title/value")),
            Diagnostic(id: "empty_file", severity: .note, message: "nothing located"),
        ])
    }

    private var context: ReportContext {
        ReportContext(sources: [source], rules: LintRules.descriptions.filter { $0.id == "unique_names" },
                      useColor: false, toolVersion: "0.0.0-test")
    }

    @Test(arguments: ReportFormat.allCases)
    func formatMatchesSnapshot(format: ReportFormat) {
        let output = format.reporter.render(diagnostics, context: context)
        assertSnapshot(output, named: "report.\(format.rawValue)")
    }

    @Test func jsonAndSARIFAreValidJSON() throws {
        for format in [ReportFormat.json, .sarif] {
            let output = format.reporter.render(diagnostics, context: context)
            let object = try JSONSerialization.jsonObject(with: Data(output.utf8))
            #expect(object is [String: Any])
        }
    }

    @Test func colorIsOnlyAddedWhenAsked() {
        var colored = context
        colored.useColor = true
        #expect(TextReporter().render(diagnostics, context: colored).contains("\u{1B}["))
        #expect(!TextReporter().render(diagnostics, context: context).contains("\u{1B}["))
    }

    @Test func caretSitsUnderTheColumnAfterNonASCIIText() {
        let output = TextReporter().render(
            [Diagnostic(id: "x", severity: .error, message: "m", location: SourceLocation(file: source.path, line: 4, column: 12))],
            context: context)
        let lines = output.split(separator: "\n")
        // Four spaces of indentation, then the line; the caret sits under column 12 (':'), í counting once.
        #expect(lines[1] == "          títle: { type: string, indexes: [searchable] }")
        #expect(lines[2] == "               " + "^")
    }

    @Test func summaryCountsSeveritiesAndFiles() {
        #expect(TextReporter.summary(of: diagnostics) == "2 errors, 1 warning, 1 note in 2 files")
    }
}
