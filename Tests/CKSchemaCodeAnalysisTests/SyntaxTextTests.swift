import CKSchemaCodeAnalysis
import SwiftParser
import SwiftSyntax
import Testing

/// `trimmedText`, the node text every walk of the analysis reads (callees, types, keys), is swift-syntax's
/// `trimmedDescription` for every node of a tree — with comments and line breaks around and inside nodes,
/// non-ASCII text, string interpolation and raw strings, and in trees with syntax errors (missing tokens,
/// unexpected text) — so reading it the cheap way changes no name the analysis compares.
@Suite struct SyntaxTextTests {
    static let sources: [String] = [
        """
        // A model with comments everywhere.
        import CloudKit

        /// The keys.
        enum Keys { static let title = "title" /* trailing */ ; static let café = "caf\\u{E9}" }
        struct Note: Codable, /* inline */ Hashable {
            var record: CKRecord   // the record
            static var recordType: String { String(describing: Self.self) }
            func save(to database: CKDatabase) async throws -> CKRecord {
                record[Keys.title] = "📝 \\(record.recordID.recordName)" as CKRecordValue
                let predicate = NSPredicate(format: #"%K == "x""#, Keys.title)
                return try await database.save(
                    record // inline comment before the closing parenthesis
                )
            }
        }
        extension Array<Note> where Element: Hashable {}

        """,
        """
        struct Broken {
            let value: = 3
            func call( { record[ }
            #if DEBUG
            let x = [1, 2,
            #endif
        """,
    ]

    @Test(arguments: sources)
    func everyNodeReadsAsItsTrimmedDescription(_ source: String) {
        let tree = Parser.parse(source: source)
        let nodes = AllNodes(viewMode: .all)
        nodes.walk(tree)
        #expect(nodes.count > 50)
        for node in nodes.collected where node.trimmedText != node.trimmedDescription {
            Issue.record("\(node.kind): '\(node.trimmedText)' instead of '\(node.trimmedDescription)'")
        }
    }

    @Test func theBrokenSourceHasErrorsTheTextReadsThrough() {
        #expect(Parser.parse(source: Self.sources[1]).hasError)
        #expect(!Parser.parse(source: Self.sources[0]).hasError)
    }
}

/// Every node and token of a tree.
private final class AllNodes: SyntaxAnyVisitor {
    var collected: [Syntax] = []
    var count: Int { collected.count }

    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
        collected.append(node)
        return .visitChildren
    }
}
