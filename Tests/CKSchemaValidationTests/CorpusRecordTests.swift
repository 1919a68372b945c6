import CKSchemaCore
import CKSchemaTestSupport
import CKSchemaValidation
import Foundation
import Testing

/// The real records of the shared corpus validate cleanly against schemas written for them, and a schema
/// that disagrees with them is caught at the right place.
@Suite struct CorpusRecordTests {
    /// A corpus file's schema and how to read it.
    struct Fixture: Sendable {
        let schema: Schema
        let options: ValidationOptions
        let recordCount: Int
    }

    private static func type(_ name: String, _ fields: [(String, FieldType)]) -> Schema {
        Schema(recordTypes: [RecordType(name: name, fields: fields.map { Field(name: $0.0, type: $0.1) })])
    }

    /// One fixture per file of `records/MANIFEST.tsv`.
    static let fixtures: [String: Fixture] = [
        "apple__sample-cloudkit-tooling__cktool-cli_Commands_create-record.md.json": Fixture(
            schema: type("Book", [("title", .string), ("pageCount", .int64), ("description", .string),
                                  ("publishedOn", .timestamp), ("authorImage", .asset), ("covers", .list(.asset))]),
            options: ValidationOptions(format: .cktoolFields(recordType: "Book")), recordCount: 1),
        "brightdigit__MistKit__.claude_docs_cktool.md.json": Fixture(
            schema: type("Person", [("firstName", .string), ("lastName", .string)]),
            options: ValidationOptions(format: .cktoolFields(recordType: "Person")), recordCount: 1),
        "coodly__TalkToCloud__Tests_TalkToCloudTests_AssetDecodeTests.swift.json": Fixture(
            schema: type("ListPoster", [("schemaVersion", .string), ("poster", .asset), ("key", .string)]),
            options: ValidationOptions(), recordCount: 1),
        "coodly__TalkToCloud__Tests_TalkToCloudTests_RecordDecodeTests.swift.json": Fixture(
            schema: mapping, options: ValidationOptions(), recordCount: 1),
        "knightsc__knightsc.github.io___posts_2019-02-20-syspolicyd-internals.md.json": Fixture(
            schema: type("DeveloperIDTicket", [("signedTicket", .bytes)]), options: ValidationOptions(), recordCount: 1),
    ]

    static let mapping = type("Mapping", [
        ("country", .string), ("checkedAt", .timestamp), ("schemaVersion", .string), ("tmdbID", .int64),
        ("autoStatus", .string), ("name", .string), ("availability", .int64), ("status", .int64),
    ])

    @Test(.sharedCorpus("records")) func everyCorpusRecordFileValidates() throws {
        let directory = try SharedCorpus.require("records")
        let rows = try SharedCorpus.manifest(in: directory)
        #expect(rows.count >= 5)
        for row in rows {
            let file = try #require(row["file"])
            let fixture = try #require(Self.fixtures[file], "no fixture schema for corpus file \(file)")
            let path = directory.appendingPathComponent(file).path
            let result = try RecordValidator(schema: fixture.schema, options: fixture.options).validate([.file(path)])
            #expect(result.diagnostics.isEmpty, "\(file): \(result.diagnostics.map(\.message))")
            #expect(result.recordCount == fixture.recordCount, "\(file)")
        }
    }

    @Test(.sharedCorpus("records")) func aSchemaThatDisagreesWithARealRecordIsCaughtWhereItDiffers() throws {
        let directory = try SharedCorpus.require("records")
        var schema = Self.mapping
        schema.recordTypes[0].fields[3].type = .string
        schema.recordTypes[0].fields.removeLast()
        let path = directory.appendingPathComponent("coodly__TalkToCloud__Tests_TalkToCloudTests_RecordDecodeTests.swift.json").path
        let result = try RecordValidator(schema: schema).validate([.file(path)])
        #expect(result.diagnostics.map(\.id) == [.recordValueTypeMismatch, .recordTypeTagMismatch, .recordUnknownField])
        #expect(result.diagnostics[0].location == SourceLocation(file: path, line: 18, column: 18))
        #expect(result.diagnostics[0].record?.recordName == "2F95E45A-3900-4BF3-86D2-85F139AD3F15")
        #expect(result.diagnostics[2].record?.pointer == "/fields/status")
    }
}

/// The registry of record checks is complete, sorted and documented.
@Suite struct RecordRulesRegistryTests {
    @Test func idsAreSortedUniqueAndSnakeCase() {
        let ids = RecordRules.all.map(\.id.rawValue)
        #expect(ids == ids.sorted())
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy { $0.allSatisfy { $0.isLowercase || $0 == "_" || $0.isNumber } })
    }

    @Test func everyDeclaredIDIsRegisteredAndDocumented() throws {
        let root = SharedCorpus.repositoryRoot
        let source = try String(contentsOf: root.appendingPathComponent("Sources/CKSchemaValidation/Rules/RecordRules.swift"),
                                encoding: .utf8)
        let declared = source.components(separatedBy: "DiagnosticID = \"").dropFirst()
            .compactMap { $0.split(separator: "\"").first.map(String.init) }
        #expect(declared.count == RecordRules.all.count)
        #expect(Set(declared) == Set(RecordRules.all.map(\.id.rawValue)))
        let documentation = try String(contentsOf: root.appendingPathComponent("docs/validate.md"), encoding: .utf8)
        for rule in RecordRules.all {
            #expect(documentation.contains("`\(rule.id.rawValue)`"), "docs/validate.md does not document \(rule.id)")
        }
    }
}
