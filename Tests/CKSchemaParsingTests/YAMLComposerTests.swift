import CKSchemaCore
import CKSchemaParsing
import CKSchemaTestSupport
import Testing

/// The composer's tree, positions and the problems it reports itself.
@Suite struct YAMLComposerTests {
    private func compose(_ text: String) -> YAMLComposition {
        YAMLComposer.compose(SourceFile(path: "f.yaml", text: text))
    }

    @Test func buildsAFlatTreeWithPositionsAndStyles() throws {
        let composition = compose("a: [x, 'y']\nb:\n  c: |\n    text\n")
        #expect(composition.diagnostics.isEmpty)
        let document = composition.document
        let root = try #require(document.root)
        #expect(document[root].kind == .mapping)
        let pairs = Array(document.pairs(of: root))
        #expect(pairs.map { document.texts[$0.key] } == ["a", "b"])
        let items = Array(document.items(of: pairs[0].value))
        #expect(items.map { document.texts[$0] } == ["x", "y"])
        #expect(items.map { document[$0].style } == [.plain, .quoted])
        #expect(items.map { document.location(of: $0) } == [
            SourceLocation(file: "f.yaml", line: 1, column: 5), SourceLocation(file: "f.yaml", line: 1, column: 8),
        ])
        let inner = Array(document.pairs(of: pairs[1].value))
        #expect(document.texts[inner[0].value] == "text\n")
        #expect(document[inner[0].value].style == .quoted)
        #expect(Int(document[root].end) == document.nodes.count)
    }

    @Test(arguments: ["~", "null", "Null", "NULL", ""])
    func plainNullSpellingsAreNull(_ spelling: String) throws {
        let document = compose("a: \(spelling)\n").document
        let root = try #require(document.root)
        let value = try #require(Array(document.pairs(of: root)).first?.value)
        #expect(document[value].isNull)
    }

    @Test(arguments: ["'~'", "\"null\"", "nul", "!!str null", "NULL_"])
    func otherSpellingsAreNotNull(_ spelling: String) throws {
        let document = compose("a: \(spelling)\n").document
        let root = try #require(document.root)
        let value = try #require(Array(document.pairs(of: root)).first?.value)
        #expect(!document[value].isNull)
    }

    @Test func aStrTagMakesAPlainScalarText() throws {
        let document = compose("a: !!str 12\nb: !custom 12\n").document
        let values = document.pairs(of: try #require(document.root)).map { document[$0.value].style }
        #expect(values == [.quoted, .plain])
    }

    @Test func duplicateKeysKeepTheFirstAndPointAtTheSecond() throws {
        let marked = MarkedText("1️⃣title: string\nbody: string\n2️⃣title: int64\n")
        let composition = YAMLComposer.compose(marked.sourceFile(path: "f.yaml"))
        let diagnostic = try #require(composition.diagnostics.first)
        #expect(composition.diagnostics.count == 1)
        #expect(diagnostic.id == .yamlDuplicateKey)
        #expect(diagnostic.location == marked.location("2️⃣", file: "f.yaml"))
        #expect(diagnostic.notes.map(\.location) == [marked.location("1️⃣", file: "f.yaml")])
        let document = composition.document
        let values = document.pairs(of: try #require(document.root)).map { document.texts[$0.value] }
        #expect(values == ["string", "string"])
    }

    @Test func duplicateKeysAreFoundInLargeMappings() {
        let keys = (0..<40).map { "k\($0): v" } + ["k7: again", "k39: again"]
        let diagnostics = compose(keys.joined(separator: "\n")).diagnostics
        #expect(diagnostics.map(\.location?.line) == [41, 42])
        #expect(diagnostics.map(\.notes.first?.location?.line) == [8, 40])
    }

    @Test func aliasesAreRefusedWhereTheyAreUsed() throws {
        let marked = MarkedText("a: &anchor [1, 2]\nb: ↓*anchor\n")
        let composition = YAMLComposer.compose(marked.sourceFile(path: "f.yaml"))
        #expect(composition.diagnostics.map(\.id) == [.yamlAlias])
        #expect(composition.diagnostics.first?.location == marked.location(file: "f.yaml"))
        #expect(composition.diagnostics.first?.message.contains("'*anchor'") == true)
        let document = composition.document
        let values = document.pairs(of: try #require(document.root)).map { document[$0.value].kind }
        #expect(values == [.sequence, .invalid])
    }

    @Test func nestingDeeperThanTheLimitIsSkippedOnce() throws {
        let marked = MarkedText("a: [[[↓[[[x]]], y]]]\nb: z\n")
        let composition = YAMLComposer.compose(marked.sourceFile(path: "f.yaml"), maximumDepth: 4)
        #expect(composition.diagnostics.map(\.id) == [.yamlTooDeep])
        #expect(composition.diagnostics.first?.location == marked.location(file: "f.yaml"))
        let document = composition.document
        let pairs = Array(document.pairs(of: try #require(document.root)))
        #expect(pairs.map { document.texts[$0.key] } == ["a", "b"])
        #expect(document.texts[pairs[1].value] == "z")
    }

    @Test func aSecondDocumentIsAnError() {
        let marked = MarkedText("roles: [A]\n↓---\nroles: [B]\n")
        let composition = YAMLComposer.compose(marked.sourceFile(path: "f.yaml"))
        #expect(composition.diagnostics.map(\.id) == [.yamlSyntax])
        #expect(composition.diagnostics.first?.location == marked.location(file: "f.yaml"))
    }

    @Test(arguments: ["", "\n\n", "# just a comment\n", "~\n", "---\n", "--- # empty\n...\n", "null"])
    func aFileWithoutContentIsEmpty(_ text: String) {
        let composition = compose(text)
        #expect(composition.diagnostics.map(\.id) == [.emptyFile])
        #expect(composition.diagnostics.first?.location == SourceLocation(file: "f.yaml", line: 1, column: 1))
        #expect(composition.document.root == nil)
    }
}
