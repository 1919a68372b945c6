import CKSchemaCore
import CKSchemaParsing
import CKSchemaPrinting
import CKSchemaTestSupport
import Testing

/// `merge:` on fields and record types and `mergeClock:` on record types: read, located, checked across files,
/// and printed back canonically.
@Suite struct YAMLMergePolicyTests {
    @Test func policiesAreReadAndLocated() throws {
        let marked = MarkedText("""
            recordTypes:
              Note:
                1️⃣merge: latest
                2️⃣mergeClock: modifiedAt
                fields:
                  title: string
                  tags: { type: list<string>, 3️⃣merge: union }
                  views: { type: int64, merge: SUM }
                  modifiedAt: timestamp
            """)
        let parsed = parseYAML(marked)
        #expect(parsed.diagnostics.isEmpty)
        let note = try #require(parsed.schema.recordType(named: "Note"))
        #expect(note.metadata.mergeDefault == .latest && note.metadata.mergeClock == "modifiedAt")
        #expect(note.fields.map { note.mergePolicy(of: $0) } == [.latest, .union, .sum, .latest])
        #expect(note.field(named: "title")?.metadata.mergePolicy == nil)
        #expect(parsed.sourceMap.locations[.recordTypeKey("Note", "merge")] == marked.location("1️⃣", file: "schema.yaml"))
        #expect(parsed.sourceMap.locations[.recordTypeKey("Note", "mergeClock")] == marked.location("2️⃣", file: "schema.yaml"))
        #expect(parsed.sourceMap.locations[.fieldKey("Note", "tags", "merge")] == marked.location("3️⃣", file: "schema.yaml"))
    }

    @Test func withoutPoliciesEveryFieldMergesServer() throws {
        let note = try #require(parseYAML("recordTypes: { Note: { fields: { title: string } } }").schema.recordTypes.first)
        #expect(note.fields.map { note.mergePolicy(of: $0) } == [.server])
    }

    @Test func anUnknownPolicyIsAnErrorWithASuggestion() throws {
        let parsed = parseYAML("""
            recordTypes:
              Note:
                merge: newest
                fields: { tags: { type: list<string>, merge: unoin } }
            """)
        #expect(parsed.diagnostics.map(\.id) == [.schemaInvalidValue, .schemaInvalidValue])
        #expect(parsed.diagnostics.last?.message.contains("did you mean 'union'?") == true, "\(parsed.diagnostics)")
    }

    @Test func conflictingTypeSettingsAcrossFilesAreErrors() {
        let parsed = YAMLSchemaParser.parse([
            SourceFile(path: "a.yaml", text: "recordTypes: { Note: { merge: client, mergeClock: a } }"),
            SourceFile(path: "b.yaml", text: "recordTypes: { Note: { merge: server, mergeClock: b } }"),
        ])
        #expect(parsed.diagnostics.map(\.id) == [.schemaConflict, .schemaConflict])
        #expect(parsed.schema.recordTypes.first?.metadata.mergeDefault == .client)
    }

    @Test func policiesPrintAndReadBack() {
        let schema = Schema(recordTypes: [RecordType(
            name: "Note",
            fields: [Field(name: "title", type: .string),
                     Field(name: "tags", type: .list(.string), metadata: FieldMetadata(mergePolicy: .union))],
            metadata: RecordTypeMetadata(mergeDefault: .latest, mergeClock: "title")
        )])
        let printed = YAMLPrinter.print(schema)
        #expect(printed == """
            recordTypes:
              Note:
                merge: latest
                mergeClock: title
                fields:
                  title: string
                  tags: { type: list<string>, merge: union }

            """)
        #expect(YAMLSchemaParser.parse([SourceFile(path: "n.yaml", text: printed)]).schema == schema)
    }
}
