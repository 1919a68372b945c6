import CKSchemaCore
import CKSchemaParsing
import CKSchemaTestSupport
import Testing

/// Several YAML files merging into one schema.
@Suite struct YAMLMergeTests {
    private func parse(_ files: [(String, MarkedText)]) -> ParsedSchema {
        YAMLSchemaParser.parse(files.map { $0.1.sourceFile(path: $0.0) })
    }

    @Test func recordTypesSplitAcrossFilesUnionTheirFieldsInFirstSeenOrder() throws {
        let parsed = parse([
            ("a.yaml", MarkedText("roles: [Editor]\nrecordTypes:\n  Note:\n    fields: { title: string, body: string }\n  Tag: {}\n")),
            ("b.yaml", MarkedText("roles: [Moderator, Editor]\nrecordTypes:\n  Other: {}\n  Note:\n    fields: { date: timestamp }\n    grants: { _world: [read] }\n")),
        ])
        #expect(parsed.diagnostics.isEmpty)
        #expect(parsed.sourceMap.facts.isEmpty)
        #expect(parsed.schema.roles.map(\.name) == ["Editor", "Moderator"])
        #expect(parsed.schema.recordTypes.map(\.name) == ["Note", "Tag", "Other"])
        let note = try #require(parsed.schema.recordType(named: "Note"))
        #expect(note.fields.map(\.name) == ["title", "body", "date"])
        #expect(note.grants == [Grant(.read, to: "_world")])
        #expect(parsed.sources.map(\.path) == ["a.yaml", "b.yaml"])
        #expect(parsed.sourceMap.locations[.field("Note", "date")]?.file == "b.yaml")
        #expect(parsed.sourceMap.locations[.recordType("Note")]?.file == "a.yaml")
    }

    @Test func aFieldDefinedInTwoFilesKeepsTheFirstAndLeavesAFact() throws {
        let first = MarkedText("recordTypes:\n  Note:\n    fields:\n      1️⃣title: string\n")
        let second = MarkedText("recordTypes:\n  Note:\n    fields:\n      2️⃣title: { type: int64, indexes: [queryable], doc: Later }\n")
        let parsed = parse([("a.yaml", first), ("b.yaml", second)])
        #expect(parsed.diagnostics.isEmpty)
        #expect(try #require(parsed.schema.recordType(named: "Note")).fields == [Field(name: "title", type: .string)])
        let fact = try #require(parsed.sourceMap.facts.first)
        #expect(parsed.sourceMap.facts.count == 1)
        #expect(fact.kind == .fieldRedeclaredAcrossFiles)
        #expect(fact.location == second.location("2️⃣", file: "b.yaml"))
        #expect(fact.related == first.location("1️⃣", file: "a.yaml"))
        #expect(fact.subject == .field("Note", "title"))
        // The ignored definition leaves no positions behind.
        #expect(parsed.sourceMap.locations[.fieldKey("Note", "title", "doc")] == nil)
        #expect(parsed.sourceMap.locations[.fieldType("Note", "title")]?.file == "a.yaml")
    }

    /// A type's first `fields` mapping is added without lookups; later files must still find every field
    /// defined before them, whether by the first mapping or by a later one.
    @Test func fieldsOfThreeFilesAreFoundWhicheverFileDefinedThem() throws {
        let first = MarkedText("recordTypes:\n  Note:\n    fields:\n      1️⃣title: string\n      body: string\n")
        let second = MarkedText("recordTypes:\n  Note:\n    fields:\n      date: timestamp\n      2️⃣title: int64\n")
        let third = MarkedText("recordTypes:\n  Note:\n    fields:\n      3️⃣date: string\n      4️⃣body: bytes\n      tag: string\n")
        let parsed = parse([("a.yaml", first), ("b.yaml", second), ("c.yaml", third)])
        #expect(parsed.diagnostics.isEmpty)
        let note = try #require(parsed.schema.recordType(named: "Note"))
        #expect(note.fields.map(\.name) == ["title", "body", "date", "tag"])
        #expect(note.fields.map(\.type) == [.string, .string, .timestamp, .string])
        #expect(parsed.sourceMap.facts.map(\.kind) == Array(repeating: .fieldRedeclaredAcrossFiles, count: 3))
        #expect(parsed.sourceMap.facts.map(\.location) == [second.location("2️⃣", file: "b.yaml"),
                                                          third.location("3️⃣", file: "c.yaml"),
                                                          third.location("4️⃣", file: "c.yaml")])
        #expect(parsed.sourceMap.facts[0].related == first.location("1️⃣", file: "a.yaml"))
        #expect(parsed.sourceMap.facts[1].related?.file == "b.yaml")
    }

    @Test func aRedeclaredFieldIsStillChecked() {
        let parsed = parse([
            ("a.yaml", MarkedText("recordTypes: { Note: { fields: { title: string } } }")),
            ("b.yaml", MarkedText("recordTypes: { Note: { fields: { title: { type: strin } } } }")),
        ])
        #expect(parsed.diagnostics.map(\.id) == [.schemaUnknownType])
    }

    /// A record-type setting given different values in two files: an error at the second, a note at the first.
    /// The settings carry their markers: 1️⃣ where the first file gives it, 2️⃣ where the second does.
    @Test(arguments: [
        ("1️⃣database: private", "2️⃣database: public", "conflicting 'database' for record type 'Note': 'public' here, 'private' first"),
        ("1️⃣doc: One", "2️⃣doc: Two", "conflicting 'doc' for record type 'Note' across files"),
        ("1️⃣swiftName: A", "2️⃣swiftName: B", "conflicting 'swiftName' for record type 'Note': 'B' here, 'A' first"),
        ("1️⃣zone: A", "2️⃣zone: B", "conflicting 'zone' for record type 'Note': 'B' here, 'A' first"),
        ("1️⃣grants: { _world: [read] }", "2️⃣grants: { _world: [read, write] }", "conflicting 'grants' for record type 'Note' across files"),
        ("systemFields: { 1️⃣recordID: [queryable] }", "systemFields: { createTime: [sortable], 2️⃣___recordID: [sortable] }",
         "conflicting indexes on system field 'recordID' of record type 'Note' across files"),
    ])
    func conflictingSettingsAreErrors(_ firstSetting: String, _ secondSetting: String, _ message: String) throws {
        let first = MarkedText("recordTypes:\n  Note:\n    \(firstSetting)\n")
        let second = MarkedText("recordTypes:\n  Note:\n    \(secondSetting)\n")
        let parsed = parse([("a.yaml", first), ("b.yaml", second)])
        let diagnostic = try #require(parsed.diagnostics.count == 1 ? parsed.diagnostics.first : nil, "\(parsed.diagnostics)")
        #expect(diagnostic.id == .schemaConflict)
        #expect(diagnostic.message.contains(message), "\(diagnostic.message)")
        #expect(diagnostic.location == second.location("2️⃣", file: "b.yaml"))
        #expect(diagnostic.notes.map(\.location) == [first.location("1️⃣", file: "a.yaml")])
        // The first value is the one kept.
        let firstAlone = YAMLSchemaParser.parse([first.sourceFile(path: "a.yaml")]).schema
        #expect(parsed.schema.recordType(named: "Note")?.metadata == firstAlone.recordType(named: "Note")?.metadata)
        #expect(parsed.schema.recordType(named: "Note")?.grants == firstAlone.recordType(named: "Note")?.grants)
        #expect(parsed.schema.recordType(named: "Note")?.indexes(on: .recordID)
                    == firstAlone.recordType(named: "Note")?.indexes(on: .recordID))
    }

    @Test(arguments: [
        "database: public", "zone: Same", "doc: Same", "swiftName: Same", "grants: { _world: [read] }",
        "systemFields: { recordID: [queryable] }",
    ])
    func repeatingTheSameSettingIsFine(_ setting: String) {
        let text = MarkedText("recordTypes:\n  Note:\n    \(setting)\n")
        let parsed = parse([("a.yaml", text), ("b.yaml", text)])
        #expect(parsed.diagnostics.isEmpty)
    }

    @Test func systemFieldEntriesForDifferentFieldsMerge() throws {
        let parsed = parse([
            ("a.yaml", MarkedText("recordTypes: { Note: { systemFields: { recordID: [queryable] } } }")),
            ("b.yaml", MarkedText("recordTypes: { Note: { systemFields: { createTime: [sortable] } } }")),
        ])
        #expect(parsed.diagnostics.isEmpty)
        #expect(try #require(parsed.schema.recordType(named: "Note")).systemFieldIndexes == [
            .recordID: .queryable, .createTime: .sortable,
        ])
    }

    @Test func aBrokenFileDoesNotStopTheOthers() {
        let parsed = parse([
            ("a.yaml", MarkedText("recordTypes: { Note: { fields: { title: string ")),
            ("b.yaml", MarkedText("")),
            ("c.yaml", MarkedText("recordTypes: { Tag: {} }")),
        ])
        #expect(parsed.diagnostics.map(\.id) == [.yamlSyntax, .emptyFile])
        #expect(parsed.diagnostics.map(\.location?.file) == ["a.yaml", "b.yaml"])
        #expect(parsed.schema.recordTypes.map(\.name) == ["Note", "Tag"])
    }
}
