import CKSchemaCore
@testable import CKSchemaRules
import Testing

/// The facts the naming and index rules share must say what the checks they replace said, name by name and
/// option by option: the rules only rule elements out with them.
@Suite struct SharedLintFactsTests {
    static let names = [
        "title", "Title", "TITLE", "", "_", "self", "Type", "Protocol", "selfie", "CD_", "CD_title", "CDtitle",
        "cd_title", "2fa", "_private", "___recordID", "a.b", "bad name", "naïve", "ÉTÉ", "x_1", "[x", "@a", "`b",
        "{z", "recordID", "encryptedValues", "creationdate", "a-b", "Z9",
    ]

    @Test(arguments: names) func fieldNameFactsAgreeWithTheChecksTheyReplace(name: String) throws {
        let schema = Schema(recordTypes: [RecordType(name: "T", fields: [Field(name: name, type: .string)])])
        let facts = try #require(FieldNameFacts(schema).types.first?.first)
        #expect(facts.caselessHash == NameHash.of(name, ignoringCase: true))
        #expect(Int(facts.count) == name.utf8.count)
        #expect(facts.first == (name.utf8.first ?? 0))
        #expect(facts.isPlainIdentifier == SchemaIdentifier.isPlainIdentifier(name))
        #expect(facts.hasCoreDataPrefix == CoreDataNames.isCoreDataName(name))
        // `swift_names_unique` takes such a name as its own Swift name without deriving it.
        if facts.isOwnSwiftName {
            #expect(SwiftIdentifiers.derivedName(for: name, style: .lowerCamelCase) == name)
        }
    }

    @Test func plainNamesAreTheirOwnSwiftNames() throws {
        let names = ["title", "Title", "x_1", "_private", "CD_", "sent", "Tape", "Prologue"]
        let schema = Schema(recordTypes: [RecordType(name: "T", fields: names.map { Field(name: $0, type: .string) })])
        #expect(FieldNameFacts(schema).types[0].map(\.isOwnSwiftName).allSatisfy { $0 })
    }

    @Test func theIndexSummaryHoldsExactlyTheProblemsPresent() {
        let fields = [
            Field(name: "data", type: .bytes, indexes: .queryable),
            Field(name: "tags", type: .list(.string), indexes: [.queryable, .searchable]),
        ]
        let schema = Schema(recordTypes: [RecordType(name: "T", fields: fields, systemFieldIndexes: [.etag: .sortable])])
        let summary = IndexProblemSummary(schema)
        let present = IndexProblem.allCases.filter { summary.contains($0) }
        // BYTES QUERYABLE; SORTABLE on the system field ___etag, a STRING, is fine.
        #expect(present == [.bytes])
        #expect(IndexProblem.allCases.filter { IndexProblemSummary(Schema()).contains($0) }.isEmpty)
    }

    /// The facts are shared for the schema being linted; asked about another schema, they are that schema's.
    @Test func factsAskedAboutAnotherSchemaAreThatSchemas() {
        let linted = Schema(recordTypes: [RecordType(name: "T", fields: [Field(name: "title", type: .string)])])
        let other = Schema(recordTypes: [RecordType(name: "T", fields: [
            Field(name: "CD_x", type: .string), Field(name: "data", type: .bytes, indexes: .queryable),
        ])])
        let shared = SharedLintFacts()
        #expect(shared.fieldNames(of: linted).types[0].map(\.hasCoreDataPrefix) == [false])
        #expect(shared.fieldNames(of: other).types[0].map(\.hasCoreDataPrefix) == [true, false])
        #expect(shared.fieldNames(of: linted).types[0].count == 1)
        #expect(!shared.indexProblems(of: linted).contains(.bytes))
        #expect(shared.indexProblems(of: other).contains(.bytes))
    }
}
