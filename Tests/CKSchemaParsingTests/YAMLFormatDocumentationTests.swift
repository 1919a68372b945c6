import CKSchemaCore
import CKSchemaParsing
import CKSchemaTestSupport
import Foundation
import Testing

/// The examples in `docs/yaml-format.md` stay true.
@Suite struct YAMLFormatDocumentationTests {
    private static func yamlBlocks() throws -> [String] {
        let url = SharedCorpus.repositoryRoot.appendingPathComponent("docs/yaml-format.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        return text.components(separatedBy: "```yaml\n").dropFirst().compactMap { $0.components(separatedBy: "```").first }
    }

    @Test func theMainExampleReadsWithoutProblems() throws {
        let example = try #require(try Self.yamlBlocks().first)
        let parsed = YAMLSchemaParser.parse([SourceFile(path: "example.yaml", text: example)])
        #expect(parsed.diagnostics.isEmpty)
        #expect(parsed.schema.roles.map(\.name) == ["Moderator"])
        #expect(parsed.schema.recordTypes.map(\.name) == ["JournalEntry", "Category", "PublishedEntry"])
        #expect(parsed.schema.recordType(named: "PublishedEntry")?.grants.count == 4)
    }

    @Test func everyExampleIsValidYAML() throws {
        let blocks = try Self.yamlBlocks()
        #expect(blocks.count >= 5)
        for block in blocks {
            let composition = YAMLComposer.compose(SourceFile(path: "block.yaml", text: block))
            #expect(composition.diagnostics.isEmpty, "\(block)\n\(composition.diagnostics)")
        }
    }
}
