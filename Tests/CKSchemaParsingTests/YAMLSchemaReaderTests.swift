import CKSchemaCore
import CKSchemaParsing
import CKSchemaTestSupport
import Testing

/// What the reader builds from valid YAML: the model and where each element was written.
@Suite struct YAMLSchemaReaderTests {
    static let journal = """
        roles: [Moderator]
        recordTypes:
          JournalEntry:
            database: private
            zone: Journal
            doc: Free text
            swiftName: Entry
            fields:
              title: string
              body:  { type: string, encrypted: true }
              mood:  { type: string, enum: [happy, sad], default: happy }
              createdAt: { type: timestamp, indexes: [sortable], required: true }
              isFavorite: { type: bool, default: false }
              category: { type: reference, to: Category, action: deleteSelf, indexes: [queryable] }
              tags: list<string>
              flags: List < Bool >
              score: { type: number, preferredAs: int64 }
              photo: { type: asset, doc: "A photo.", swiftName: photoFile }
              excerpt: { type: string, deprecated: "use summary" }
            systemFields: { recordID: [queryable], ___createTime: [queryable, sortable] }
            grants: { _world: [read], _icloud: [create], _creator: [write], Moderator: [read, write] }
          Category: {}
        """

    @Test func readsEveryPartOfTheFormat() throws {
        let parsed = parseYAML(Self.journal)
        #expect(parsed.diagnostics.isEmpty)
        #expect(parsed.language == .yaml)
        #expect(parsed.schema.roles == [Role(name: "Moderator")])
        #expect(parsed.schema.recordTypes.map(\.name) == ["JournalEntry", "Category"])
        let entry = try #require(parsed.schema.recordType(named: "JournalEntry"))
        #expect(entry.metadata == RecordTypeMetadata(database: .private, documentation: "Free text", swiftName: "Entry",
                                                     zone: "Journal"))
        #expect(entry.fields == [
            Field(name: "title", type: .string),
            Field(name: "body", type: .string.encrypted),
            Field(name: "mood", type: .string,
                  metadata: FieldMetadata(logicalType: .enumeration(["happy", "sad"]), defaultValue: .string("happy"))),
            Field(name: "createdAt", type: .timestamp, indexes: .sortable, metadata: FieldMetadata(isRequired: true)),
            Field(name: "isFavorite", type: .int64, metadata: FieldMetadata(logicalType: .bool, defaultValue: .bool(false))),
            Field(name: "category", type: .reference, indexes: .queryable,
                  metadata: FieldMetadata(referenceTarget: "Category", referenceAction: .deleteSelf)),
            Field(name: "tags", type: .list(.string)),
            Field(name: "flags", type: .list(.int64), metadata: FieldMetadata(logicalType: .bool)),
            Field(name: "score", type: FieldType(.number(preferredAs: .int64))),
            Field(name: "photo", type: .asset, metadata: FieldMetadata(documentation: "A photo.", swiftName: "photoFile")),
            Field(name: "excerpt", type: .string, metadata: FieldMetadata(deprecation: "use summary")),
        ])
        #expect(entry.systemFieldIndexes == [.recordID: .queryable, .createTime: [.queryable, .sortable]])
        #expect(entry.grants == [
            Grant(.read, to: "_world"), Grant(.create, to: "_icloud"), Grant(.write, to: "_creator"),
            Grant([.read, .write], to: "Moderator"),
        ])
        #expect(parsed.schema.recordType(named: "Category") == RecordType(name: "Category"))
    }

    @Test func recordsWhereEachElementIsWritten() {
        let marked = MarkedText("""
            roles: [1️⃣Moderator]
            recordTypes:
              2️⃣Note:
                3️⃣database: public
                fields:
                  4️⃣title: 5️⃣string
                  body: { 6️⃣type: 7️⃣string, indexes: [queryable, 8️⃣sortable], 9️⃣doc: Text }
                systemFields: { 0️⃣recordID: [queryable] }
                grants: [ { _creator: [write] }, { ↓_world: [read] } ]
            """)
        let map = parseYAML(marked).sourceMap
        func at(_ marker: String) -> CKSchemaCore.SourceLocation { marked.location(marker, file: "schema.yaml") }
        #expect(map.locations[.role("Moderator")] == at("1️⃣"))
        #expect(map.locations[.recordType("Note")] == at("2️⃣"))
        #expect(map.locations[.recordTypeKey("Note", "database")] == at("3️⃣"))
        #expect(map.locations[.field("Note", "title")] == at("4️⃣"))
        #expect(map.locations[.fieldType("Note", "title")] == at("5️⃣"))
        #expect(map.locations[.fieldType("Note", "body")] == at("7️⃣"))
        #expect(map.locations[.fieldIndex("Note", "body", .sortable)] == at("8️⃣"))
        #expect(map.locations[.fieldKey("Note", "body", "doc")] == at("9️⃣"))
        #expect(map.locations[.systemField("Note", .recordID)] == at("0️⃣"))
        #expect(map.locations[.grant("Note", 1)] == at("↓"))
        #expect(map.location(of: .fieldKey("Note", "body", "type")) != at("6️⃣"))
    }

    @Test func zoneAndDeprecatedAreLocatedAtTheirKeys() {
        let marked = MarkedText("""
            recordTypes:
              Note:
                1️⃣zone: Notes
                fields:
                  body: { type: string, 2️⃣deprecated: "use text" }
            """)
        let parsed = parseYAML(marked)
        #expect(parsed.diagnostics.isEmpty)
        #expect(parsed.schema.recordType(named: "Note")?.metadata.zone == "Notes")
        #expect(parsed.schema.recordType(named: "Note")?.field(named: "body")?.metadata.deprecation == "use text")
        #expect(parsed.sourceMap.locations[.recordTypeKey("Note", "zone")] == marked.location("1️⃣", file: "schema.yaml"))
        #expect(parsed.sourceMap.locations[.fieldKey("Note", "body", "deprecated")]
            == marked.location("2️⃣", file: "schema.yaml"))
    }

    @Test func grantsInListFormKeepRepeatedRolesAndOrder() throws {
        let parsed = parseYAML("""
            recordTypes:
              Note:
                grants: [ {_creator: [write]}, {_icloud: [create]}, {_creator: [read]}, {_world: [read], X: []} ]
            """)
        #expect(parsed.diagnostics.isEmpty)
        #expect(try #require(parsed.schema.recordType(named: "Note")).grants == [
            Grant(.write, to: "_creator"), Grant(.create, to: "_icloud"), Grant(.read, to: "_creator"),
            Grant(.read, to: "_world"), Grant([], to: "X"),
        ])
    }

    @Test func oddAndDottedNamesAreKeptVerbatim() {
        let parsed = parseYAML("""
            roles: ["on", "123"]
            recordTypes:
              cloudkit.share:
                fields: { cloudkit.title: string, "a: b": string, "yes": bytes, "": double }
              "true": {}
            """)
        #expect(parsed.diagnostics.isEmpty)
        #expect(parsed.schema.roles.map(\.name) == ["on", "123"])
        #expect(parsed.schema.recordTypes.map(\.name) == ["cloudkit.share", "true"])
        #expect(parsed.schema.recordTypes.first?.fields.map(\.name) == ["cloudkit.title", "a: b", "yes", ""])
    }

    /// Things CloudKit rejects but the format can say stay in the model: lint rules judge them.
    @Test func invalidButRepresentableDefinitionsAreKept() throws {
        let parsed = parseYAML("""
            recordTypes:
              Note:
                fields:
                  photo: { type: asset, encrypted: true, indexes: [queryable] }
                  count: { type: int64, indexes: [searchable], enum: [one, two] }
                  name: { type: string, to: Note, action: validate, default: 12 }
                  ref: { type: number, encrypted: true }
            """)
        #expect(parsed.diagnostics.isEmpty)
        let fields = try #require(parsed.schema.recordType(named: "Note")).fields
        #expect(fields.map(\.type) == [.asset.encrypted, .int64, .string, FieldType.number.encrypted])
        #expect(fields[0].indexes == .queryable)
        #expect(fields[1].indexes == .searchable)
        #expect(fields[1].metadata.logicalType == .enumeration(["one", "two"]))
        #expect(fields[2].metadata.referenceTarget == "Note")
        #expect(fields[2].metadata.defaultValue == .integer(12))
    }

    @Test(arguments: [
        ("string", FieldType.string), ("STRING", .string), ("Int64", .int64), ("double", .double),
        ("timestamp", .timestamp), ("bytes", .bytes), ("asset", .asset), ("location", .location),
        ("reference", .reference), ("number", .number), ("list<string>", .list(.string)),
        ("LIST<TIMESTAMP>", .list(.timestamp)), (" list < reference > ", .list(.reference)),
        ("list<bool>", .list(.int64)), ("bool", .int64),
    ])
    func typeNamesIgnoreCaseAndSpaces(_ name: String, _ expected: FieldType) throws {
        let parsed = parseYAML("recordTypes: { Note: { fields: { f: \"\(name)\" } } }")
        #expect(parsed.diagnostics.isEmpty)
        #expect(try #require(parsed.schema.recordType(named: "Note")?.field(named: "f")).type == expected)
    }

    @Test(arguments: [
        ("true", LiteralValue.bool(true)), ("False", .bool(false)), ("12", .integer(12)), ("-7", .integer(-7)),
        ("0x1F", .integer(31)), ("0o17", .integer(15)), ("1.5", .double(1.5)), ("-2e3", .double(-2000)),
        ("1.0e+16", .double(1e16)), (".inf", .double(.infinity)), ("-.inf", .double(-.infinity)),
        ("\"12\"", .string("12")), ("'true'", .string("true")), ("yes", .string("yes")), ("happy", .string("happy")),
        ("1.2.3", .string("1.2.3")), ("0x", .string("0x")), ("[1, a, [true]]", .list([.integer(1), .string("a"), .list([.bool(true)])])),
        ("[]", .list([])), ("9223372036854775807", .integer(.max)), ("-9223372036854775808", .integer(.min)),
    ])
    func defaultsReadAsTheLiteralTheyLookLike(_ text: String, _ expected: LiteralValue) throws {
        let parsed = parseYAML("recordTypes: { Note: { fields: { f: { type: string, default: \(text) } } } }")
        #expect(parsed.diagnostics.isEmpty)
        #expect(try #require(parsed.schema.recordType(named: "Note")?.field(named: "f")).metadata.defaultValue == expected)
    }

    @Test func nullMeansEmptyWhereAMappingOrListIsExpected() {
        let parsed = parseYAML("roles:\nrecordTypes:\n  Note:\n    fields:\n    grants: ~\n    systemFields:\n  Other:\n")
        #expect(parsed.diagnostics.isEmpty)
        #expect(parsed.schema == Schema(recordTypes: [RecordType(name: "Note"), RecordType(name: "Other")]))
    }

    @Test func systemFieldsAcceptBothSpellingsAndIgnoreEmptyIndexLists() throws {
        let parsed = parseYAML("recordTypes: { Note: { systemFields: { modTime: [sortable], ___etag: [], createdBy: [queryable] } } }")
        #expect(parsed.diagnostics.isEmpty)
        let note = try #require(parsed.schema.recordType(named: "Note"))
        #expect(note.systemFieldIndexes == [.modTime: .sortable, .createdBy: .queryable])
    }

    @Test func repeatedOptionsAndRolesAreObservedAsFacts() {
        let marked = MarkedText("""
            roles: [A, B, 1️⃣A]
            recordTypes:
              Note:
                fields: { f: { type: string, indexes: [queryable, 2️⃣queryable] } }
                systemFields: { recordID: [queryable], 3️⃣___recordID: [sortable] }
                grants: { _world: [read, 4️⃣read] }
            """)
        let facts = parseYAML(marked).sourceMap.facts
        func at(_ marker: String) -> CKSchemaCore.SourceLocation { marked.location(marker, file: "schema.yaml") }
        #expect(facts.map(\.kind) == [.duplicateRole, .repeatedIndexOption, .duplicateSystemField, .repeatedPermission])
        #expect(facts.map(\.location) == [at("1️⃣"), at("2️⃣"), at("3️⃣"), at("4️⃣")])
        #expect(facts[0].related == SourceLocation(file: "schema.yaml", line: 1, column: 9))
        #expect(facts[1].subject == .fieldIndex("Note", "f", .queryable))
        #expect(parseYAML(marked).schema.recordType(named: "Note")?.systemFieldIndexes == [.recordID: .queryable])
    }
}
