import CKSchemaCore
import CKSchemaReporting
import Testing

/// A finding about a record names the record, and the place in it when there is one: a record whose JSON does not
/// parse has an empty pointer (the record itself), which reads as the record alone, not as "at " and nothing.
@Suite struct RecordReferenceRenderingTests {
    private func diagnostic(pointer: String) -> Diagnostic {
        Diagnostic(id: "json_syntax", severity: .error, message: "expected an object key",
                   location: SourceLocation(file: "recs.ndjson", line: 3, column: 19),
                   record: RecordReference(index: 2, recordName: "c", pointer: pointer))
    }

    private func render(_ reporter: some Reporter, pointer: String) -> String {
        reporter.render([diagnostic(pointer: pointer)], context: ReportContext(sources: [], useColor: false))
    }

    @Test func textNamesThePlaceOnlyWhenThereIsOne() {
        #expect(render(TextReporter(), pointer: "/fields/title").contains("    record #2 'c' at /fields/title\n"))
        let whole = render(TextReporter(), pointer: "")
        #expect(whole.contains("    record #2 'c'\n"))
        #expect(!whole.contains(" at \n"))
    }

    @Test func gitHubNamesThePlaceOnlyWhenThereIsOne() {
        #expect(render(GitHubReporter(), pointer: "/fields/title").contains("(record #2 'c', /fields/title)"))
        #expect(render(GitHubReporter(), pointer: "").contains("(record #2 'c')"))
    }
}
