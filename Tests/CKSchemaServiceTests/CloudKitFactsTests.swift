import CKSchemaService
import Foundation
import Testing

/// The CloudKit facts the MCP server serves are embedded in the binary; they must be the doc as it is now
/// (after editing docs/cloudkit-facts.md, run scripts/embed-cloudkit-facts.sh).
@Suite struct CloudKitFactsTests {
    @Test func theEmbeddedFactsAreTheDoc() throws {
        let doc = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/cloudkit-facts.md")
        let text = try String(contentsOf: doc, encoding: .utf8)
        #expect(CloudKitFacts.markdown == text, "run scripts/embed-cloudkit-facts.sh")
        #expect(CloudKitFacts.markdown.hasPrefix("# CloudKit facts"))
    }
}
