import CKSchemaCore
import CKSchemaParsing
import CKSchemaRules
import CKSchemaTestSupport
import Foundation
import Testing

/// The example configuration in docs/configuration.md reads without problems and names real rules and
/// categories, so that users can copy it.
@Suite struct ConfigurationDocumentationTests {
    @Test func documentedExampleIsValid() throws {
        let url = SharedCorpus.repositoryRoot.appendingPathComponent("docs/configuration.md")
        let markdown = try String(contentsOf: url, encoding: .utf8)
        let start = try #require(markdown.range(of: "```yaml\n"))
        let end = try #require(markdown.range(of: "\n```", range: start.upperBound..<markdown.endIndex))
        let example = String(markdown[start.upperBound..<end.lowerBound])
        let loaded = ConfigurationLoader.load(SourceFile(path: "ckschema.yaml", text: example), directory: ".")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics.map(\.message))")
        #expect(RuleSelectionCheck.diagnostics(for: loaded.configuration.lint).isEmpty)
        #expect(!loaded.configuration.lint.disabled.isEmpty)
    }
}
