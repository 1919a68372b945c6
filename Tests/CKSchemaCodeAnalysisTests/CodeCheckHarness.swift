import CKSchemaCodeAnalysis
import CKSchemaCore
import CKSchemaParsing
import CKSchemaRules
import CKSchemaTestSupport
import Testing

/// Runs the code check the way `ckschema check-code` does, on text in memory.
enum CodeCheckHarness {
    /// The production schema of the record-flow suites: `Note` with `title`, `body`; `Tag` with `name`; both
    /// queryable by record name.
    static let noteAndTagSchema = """
        recordTypes:
          Note: { fields: { title: { type: string }, body: { type: string } }, systemFields: { recordID: [queryable] } }
          Tag: { fields: { name: { type: string } }, systemFields: { recordID: [queryable] } }
        """

    /// The findings of `findingLines(_:against:)` against `noteAndTagSchema`.
    static func noteAndTagFindings(_ swift: [String],
                                   sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [String] {
        findingLines(swift, against: noteAndTagSchema, sourceLocation: sourceLocation)
    }

    /// The findings of every code rule about `swift` (one file per element, `File0.swift`, …) checked
    /// against the YAML `schema`, which must parse cleanly.
    static func check(_ swift: [String], against schema: String, settings: LintSettings = LintSettings(),
                      sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [Diagnostic] {
        let parsed = SchemaLoader.parse(schema, path: "schema.yaml", language: .yaml)
        #expect(!parsed.hasErrors, "the test schema has errors: \(parsed.diagnostics.map(\.message))",
                sourceLocation: sourceLocation)
        let sources = swift.enumerated().map { SourceFile(path: "File\($0.offset).swift", text: $0.element) }
        let analysis = CodeAnalyzer.analyze(sources)
        return CodeChecker(settings: settings).check(analysis.usages, against: parsed.schema, schemaName: "production",
                                                     sources: analysis.sources, diagnostics: analysis.diagnostics)
    }

    /// The findings as `rule subject` lines, sorted, for compact expectations.
    static func findingLines(_ swift: [String], against schema: String,
                             sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [String] {
        check(swift, against: schema, sourceLocation: sourceLocation)
            .map { "\($0.id) \($0.subject.map(String.init(describing:)) ?? "")" }.sorted()
    }

    /// The uses found in `swift`, as `kind type.key` lines for compact expectations.
    static func usages(_ swift: [String]) -> [String] {
        let sources = swift.enumerated().map { SourceFile(path: "File\($0.offset).swift", text: $0.element) }
        return CodeAnalyzer.analyze(sources).usages.map(\.listing)
    }
}
