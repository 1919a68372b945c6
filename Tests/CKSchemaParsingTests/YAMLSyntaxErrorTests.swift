import CKSchemaCore
import CKSchemaParsing
import CKSchemaTestSupport
import Testing

/// Where each class of libyaml error is reported: the position a user has to fix, pinned with markers.
@Suite struct YAMLSyntaxErrorTests {
    /// One error class: marked text (`↓` where the error must point) and words the message must contain.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let marked: String
        let message: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "a key indented less than its siblings",
             marked: "recordTypes:\n  Note:\n    fields: {}\n   ↓x: 1\n", message: "did not find expected key"),
        Case(name: "a sequence item where a key belongs",
             marked: "recordTypes:\n  Note: {}\n↓- Other\n", message: "did not find expected key"),
        Case(name: "a flow mapping left open at the end of the file",
             marked: "recordTypes:\n  Note:\n    fields: ↓{ title: string\n", message: "'{' opened here is never closed"),
        Case(name: "a flow sequence left open at the end of the file",
             marked: "roles: ↓[Moderator, Editor\n\n# trailing comment\n", message: "'[' opened here is never closed"),
        Case(name: "a flow sequence left open before more keys",
             marked: "roles: [Moderator\nrecordTypes↓: {}\n", message: "did not find expected ',' or ']'"),
        Case(name: "a mismatched closing bracket",
             marked: "recordTypes:\n  Note:\n    fields: { tags: [a, b↓} }\n", message: "did not find expected ',' or ']'"),
        Case(name: "a quoted string left open",
             marked: "recordTypes:\n  Note:\n    doc: ↓\"never closed\n", message: "quote opened here is never closed"),
        Case(name: "a tab used for indentation",
             marked: "recordTypes:\n↓\tNote: {}\n", message: "YAML indents with spaces, not tabs"),
        Case(name: "a missing space after a colon, followed by another key",
             marked: "recordTypes:\n  Note:\n    fields:\n      title↓:string\n      body: string\n",
             message: "missing space after ':'"),
        Case(name: "a missing space after a colon on the last line",
             marked: "recordTypes:\n  Note:\n    fields:\n      body: string\n      title↓:string\n",
             message: "missing space after ':'"),
        Case(name: "a missing space after a colon in a list of mappings",
             marked: "recordTypes:\n  Note:\n    grants:\n      - _world↓:[read]\n        _icloud: [create]\n",
             message: "missing space after ':'"),
        Case(name: "a second colon on one line",
             marked: "recordTypes:\n  Note:\n    doc: a↓: b\n", message: "mapping values are not allowed"),
        Case(name: "non-ASCII text before the error counts one column per character",
             marked: "recordTypes:\n  Café:\n    doc: 日本語↓: x\n", message: "mapping values are not allowed"),
        Case(name: "characters outside the Basic Multilingual Plane count one column each",
             marked: "roles: [😀😀]\nrecordTypes:\n  Note: { doc: 👍🏽 x↓: y }\n", message: "did not find expected ',' or '}'"),
        Case(name: "a control character",
             marked: "roles: [Mode↓\u{1}rator]\n", message: "control characters are not allowed"),
        Case(name: "a control character after non-ASCII text",
             marked: "roles: [Modéra↓\u{7}tor]\n", message: "control characters are not allowed"),
        Case(name: "a character that cannot start a token",
             marked: "roles: [Moderator]\nrecordTypes: ↓@Note\n", message: "cannot start any token"),
        Case(name: "an unterminated tag",
             marked: "recordTypes: !<x↓\n", message: "did not find the expected '>'"),
        Case(name: "an unknown directive",
             marked: "%FOO↓\n---\nrecordTypes: {}\n", message: "found unknown directive name"),
        Case(name: "a line separator counts as no line break",
             marked: "recordTypes:\n  Note: { doc: \"a\u{2028}b\" }\nroles: ↓@\n", message: "cannot start any token"),
        Case(name: "a lone carriage return counts as no line break",
             marked: "recordTypes:\n  Note: { doc: \"a\rb\" }\nroles: ↓@\n", message: "cannot start any token"),
        Case(name: "Windows line endings",
             marked: "recordTypes:\r\n  Note: {}\r\nroles: ↓@\r\n", message: "cannot start any token"),
    ]

    @Test(arguments: cases)
    func errorPointsAtTheMistake(_ testCase: Case) throws {
        let marked = MarkedText(testCase.marked)
        let diagnostics = parseYAML(marked).diagnostics.with(.yamlSyntax)
        let diagnostic = try #require(diagnostics.count == 1 ? diagnostics.first : nil, "\(diagnostics)")
        #expect(diagnostic.location == marked.location(file: "schema.yaml"))
        #expect(diagnostic.message.contains(testCase.message), "\(diagnostic.message)")
        #expect(diagnostic.severity == .error)
    }

    /// Editors do not count a byte-order mark as a column, and neither does libyaml.
    @Test func byteOrderMarkTakesNoColumn() throws {
        let diagnostic = try #require(parseYAML("\u{FEFF}roles: @\n").diagnostics.first)
        #expect(diagnostic.location == SourceLocation(file: "schema.yaml", line: 1, column: 8))
    }

    @Test func contextBecomesALocatedNote() throws {
        let marked = MarkedText("roles: [Moderator\nrecordTypes: {}\n")
        let diagnostic = try #require(parseYAML(marked).diagnostics.with(.yamlSyntax).first)
        #expect(diagnostic.notes == [Note("while parsing a flow sequence",
                                          at: SourceLocation(file: "schema.yaml", line: 1, column: 8))])
    }

    @Test func unclosedCollectionNotesWhereTheFileEnds() throws {
        let marked = MarkedText("recordTypes:\n  Note:\n    fields: { title: string\n")
        let diagnostic = try #require(parseYAML(marked).diagnostics.with(.yamlSyntax).first)
        #expect(diagnostic.notes == [Note("the file ends here", at: SourceLocation(file: "schema.yaml", line: 4, column: 1))])
    }

    @Test func missingSpaceNotesWhereLibyamlStopped() throws {
        let marked = MarkedText("recordTypes:\n  Note:\n    fields:\n      title:string\n      body: string\n")
        let diagnostic = try #require(parseYAML(marked).diagnostics.with(.yamlSyntax).first)
        #expect(diagnostic.notes == [Note("mapping values are not allowed in this context",
                                          at: SourceLocation(file: "schema.yaml", line: 5, column: 11))])
    }

    @Test func whatPrecedesASyntaxErrorIsStillRead() {
        let parsed = parseYAML("roles: [Moderator]\nrecordTypes:\n  Note:\n    fields:\n      title: string\n  Other: { fields: { a: @ } }\n")
        #expect(parsed.schema.roles == [Role(name: "Moderator")])
        #expect(parsed.schema.recordType(named: "Note")?.field(named: "title")?.type == .string)
        #expect(parsed.diagnostics.map(\.id) == [.yamlSyntax])
    }

    @Test func aCutOffFieldIsNotAlsoReportedAsMissingItsType() {
        let parsed = parseYAML("recordTypes:\n  Note:\n    fields:\n      title: { indexes: [queryable], type")
        #expect(parsed.diagnostics.map(\.id) == [.yamlSyntax])
    }
}
