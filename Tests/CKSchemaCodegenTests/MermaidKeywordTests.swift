@testable import CKSchemaCodegen
import CKSchemaCore
import Testing

/// The docs generator's Mermaid ER diagram survives names that are Mermaid keywords: every keyword of the ER
/// grammar's lexer, in any case, as a record type name and as a field name, comes out of Mermaid's lexer as
/// the name it is (see `MermaidERLexer`).
@Suite struct MermaidKeywordTests {
    /// Every word the ER lexer treats specially (keywords, cardinality words, directions, key markers,
    /// accessibility keys, the `u` parent marker and the `o` of `o|` / `o{`), and names that merely start with one.
    static let keywords = [
        "erDiagram", "accTitle", "accDescr", "direction", "TB", "BT", "RL", "LR", "style", "classDef", "class",
        "subgraph", "end", "one", "only", "zero", "or", "more", "many", "optionally", "to", "u", "o", "pk", "fk",
        "uk", "title", "Classroom", "Ending", "Stylesheet", "Onboarding", "Manyfold", "Today", "Token", "Pkg",
        "pk_id", "Uk2", "zeroes",
    ]

    /// Each keyword as written, lower-cased, upper-cased and capitalized, without repeats.
    static let spellings: [String] = {
        var seen: Set<String> = []
        return keywords.flatMap { [$0, $0.lowercased(), $0.uppercased(), $0.prefix(1).uppercased() + $0.dropFirst()] }
            .filter { seen.insert($0).inserted }
    }()

    static let schema: Schema = {
        let names = spellings
        var types: [RecordType] = []
        for (index, name) in names.enumerated() {
            var fields = names.map { Field(name: $0, type: .string) }
            let target = names[(index + 1) % names.count]
            fields.append(Field(name: "link", type: .reference, metadata: FieldMetadata(referenceTarget: target)))
            types.append(RecordType(name: name, fields: index.isMultiple(of: 3) ? [] : fields))
        }
        types.append(RecordType(name: "cloudkit.share", fields: [Field(name: "cloudkit.title", type: .string)]))
        return Schema(recordTypes: types)
    }()

    @Test func everyKeywordIsReadAsANameByMermaidsLexer() throws {
        let diagram = MermaidDiagram.lines(for: Self.schema).joined(separator: "\n") + "\n"
        let tokens = try #require(MermaidERLexer.tokens(diagram), "a position matches no lexer rule")
        let reader = TokenReader(tokens: tokens)
        #expect(reader.next()?.kind == "ER_DIAGRAM")
        #expect(reader.next()?.kind == "NEWLINE")
        var entities: [String: [String]] = [:]
        var relationships: [(String, String, String)] = []
        while let token = reader.next() {
            try #require(token.kind == "ENTITY_NAME", "expected an entity name, found \(token)")
            let name = String(token.text.dropFirst().dropLast())
            switch reader.next()?.kind {
            case "NEWLINE":
                entities[name] = []
            case "BLOCK_START":
                var attributes: [String] = []
                while let type = reader.next(), type.kind != "BLOCK_STOP" {
                    try #require(type.kind == "ATTRIBUTE_WORD", "expected an attribute type in '\(name)', found \(type)")
                    let attribute = try #require(reader.next())
                    try #require(attribute.kind == "ATTRIBUTE_WORD",
                                 "expected an attribute name in '\(name)', found \(attribute)")
                    attributes.append(attribute.text)
                    if reader.peek()?.kind == "COMMENT" { _ = reader.next() }
                }
                entities[name] = attributes
                #expect(reader.next()?.kind == "NEWLINE")
            case "ZERO_OR_MORE":
                #expect(reader.next()?.kind == "IDENTIFYING")
                #expect(["ZERO_OR_ONE", "ONLY_ONE", "ZERO_OR_MORE"].contains(reader.next()?.kind))
                let target = try #require(reader.next())
                try #require(target.kind == "ENTITY_NAME", "expected the target entity, found \(target)")
                #expect(reader.next()?.kind == "COLON")
                let role = try #require(reader.next())
                #expect(role.kind == "ENTITY_NAME" || role.kind == "WORD")
                relationships.append((name, String(target.text.dropFirst().dropLast()), role.text))
                #expect(reader.next()?.kind == "NEWLINE")
            case let other:
                Issue.record("unexpected \(other ?? "end") after entity '\(name)'")
                return
            }
        }
        for recordType in Self.schema.recordTypes {
            #expect(entities[recordType.name] == recordType.fields.map(\.name),
                    "entity '\(recordType.name)' lost its name or its fields' names")
        }
        #expect(relationships.count == Self.schema.recordTypes.filter { !$0.fields.isEmpty }.count - 1)
    }

    @Test func keyMarkerNamesAreBackquotedAndOthersAreNot() {
        #expect(MermaidDiagram.attributeName("pk") == "`pk`")
        #expect(MermaidDiagram.attributeName("FK") == "`FK`")
        #expect(MermaidDiagram.attributeName("Uk.x") == "`Uk.x`")
        #expect(MermaidDiagram.attributeName("pk_id") == "pk_id")
        #expect(MermaidDiagram.attributeName("pkg") == "pkg")
        #expect(MermaidDiagram.attributeName("cloudkit.title") == "cloudkit.title")
        #expect(MermaidDiagram.attributeName("2fa") == "_2fa")
    }

    @Test func theLexerPortReadsBareKeywordNamesAsKeywords() {
        // The failure the quoting prevents: bare names are lexed as keywords.
        #expect(MermaidERLexer.tokens("erDiagram\n    Class {\n    }\n")?.contains { $0.kind == "CLASS" } == true)
        #expect(MermaidERLexer.tokens("erDiagram\n    A {\n        STRING pk\n    }\n")?
            .contains { $0.kind == "ATTRIBUTE_KEY" } == true)
    }
}

private final class TokenReader {
    let tokens: [MermaidERLexer.Token]
    var index = 0

    init(tokens: [MermaidERLexer.Token]) {
        self.tokens = tokens
    }

    func next() -> MermaidERLexer.Token? {
        guard index < tokens.count else { return nil }
        defer { index += 1 }
        return tokens[index]
    }

    func peek() -> MermaidERLexer.Token? {
        index < tokens.count ? tokens[index] : nil
    }
}
