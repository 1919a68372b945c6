import CKSchemaCore
import CKSchemaDiff
import CKSchemaParsing
import CKSchemaTestSupport
import Testing

/// What the differ reports for each kind of change, and what it must not report.
@Suite struct SchemaDifferTests {
    static let note = """
        roles: [Moderator, Editor]
        recordTypes:
          Note:
            fields:
              title: { type: string, indexes: [queryable, searchable] }
              body:  { type: string, encrypted: true }
              tags:  list<string>
            systemFields: { recordID: [queryable], createTime: [sortable] }
            grants: { _world: [read], _icloud: [create], _creator: [write], Moderator: [read, write] }
          Folder:
            fields: { name: string }
        """

    @Test func identicalSchemasHaveNoChanges() {
        #expect(diff(Self.note, Self.note).isEmpty)
    }

    @Test func orderOfTypesFieldsRolesAndGrantsIsIgnored() {
        let reordered = """
            roles: [Editor, Moderator]
            recordTypes:
              Folder:
                fields: { name: string }
              Note:
                grants: { Moderator: [write, read], _creator: [write], _icloud: [create], _world: [read] }
                systemFields: { createTime: [sortable], recordID: [queryable] }
                fields:
                  tags:  list<string>
                  body:  { encrypted: true, type: string }
                  title: { indexes: [searchable, queryable], type: string }
            """
        #expect(diff(Self.note, reordered).isEmpty)
    }

    @Test func commentsAndLayoutAreIgnored() {
        let baseline = """
            DEFINE SCHEMA
                CREATE ROLE Moderator;
                RECORD TYPE Note (title STRING QUERYABLE, body ENCRYPTED STRING, GRANT READ TO "_world");
            """
        let commented = """
            // exported 2024-03-31
            DEFINE SCHEMA
                -- roles
                CREATE ROLE Moderator;
                /* the one type */
                RECORD TYPE Note (
                    body  ENCRYPTED STRING,   // secret
                    title STRING QUERYABLE,
                    GRANT READ TO "_world"
                );
            """
        #expect(diff(baseline, commented, ckdb: true).isEmpty)
        #expect(diff(Self.note, "# header\n" + Self.note.replacing("\n", with: "  # trailing\n")).isEmpty)
    }

    @Test func yamlOnlyMetadataIsIgnored() {
        let baseline = """
            recordTypes:
              Entry:
                fields: { flag: int64, mood: string, owner: reference }
            """
        let candidate = """
            recordTypes:
              Entry:
                database: private
                doc: An entry.
                swiftName: JournalEntry
                fields:
                  flag: { type: bool, default: false, required: true }
                  mood: { type: string, enum: [happy, sad], doc: How it felt. }
                  owner: { type: reference, to: Entry, action: deleteSelf, swiftName: ownerID }
            """
        #expect(diff(baseline, candidate).isEmpty)
    }

    @Test func sameSchemaInBothLanguagesHasNoChanges() {
        let yaml = """
            roles: [Moderator]
            recordTypes:
              Post:
                fields: { title: { type: string, indexes: [queryable, sortable] }, score: { type: number, preferredAs: double } }
                systemFields: { recordID: [queryable] }
                grants: { _world: [read], Moderator: [write] }
            """
        let ckdb = """
            DEFINE SCHEMA
                CREATE ROLE Moderator;
                RECORD TYPE Post (
                    "___recordID" REFERENCE QUERYABLE,
                    "___createTime" TIMESTAMP,
                    score NUMBER PREFERRED AS DOUBLE,
                    title STRING SORTABLE QUERYABLE,
                    GRANT READ TO "_world",
                    GRANT WRITE TO Moderator
                );
            """
        let changes = SchemaDiffer.diff(baseline: parseSchema(yaml, path: "a.yaml"), candidate: parseSchema(ckdb, path: "b.ckdb"))
        #expect(changes.isEmpty, "\(changes.descriptions)")
    }

    @Test func recordTypesAddedAndDeletedAreOneChangeEach() {
        let changes = diff(
            "recordTypes:\n  Old: { fields: { a: string, b: int64 } }\n  Kept: { fields: { a: string } }\n",
            "recordTypes:\n  Kept: { fields: { a: string } }\n  New: { fields: { c: double }, grants: { _world: [read] } }\n")
        #expect(changes.descriptions == [
            "add record type 'New' (1 field, 1 grant)",
            "delete record type 'Old' (2 fields)",
        ])
        #expect(changes.changes.map(\.identifier) == ["add_record_type", "delete_record_type"])
    }

    @Test func fieldChangesSayWhatChanged() {
        let baseline = """
            DEFINE SCHEMA
                RECORD TYPE T (
                    gone STRING, kind STRING, many STRING, secret STRING, open ENCRYPTED BYTES,
                    n NUMBER, p NUMBER PREFERRED AS INT64, q NUMBER PREFERRED AS DOUBLE, r NUMBER PREFERRED AS INT64
                );
            """
        let candidate = """
            DEFINE SCHEMA
                RECORD TYPE T (
                    kind INT64, many LIST<STRING>, secret ENCRYPTED STRING, open BYTES, added LOCATION,
                    n NUMBER PREFERRED AS INT64, p NUMBER PREFERRED AS DOUBLE, q NUMBER, r INT64
                );
            """
        let changes = diff(baseline, candidate, ckdb: true)
        #expect(changes.descriptions == [
            "add field 'added' LOCATION",
            "delete field 'gone' STRING",
            "modify field 'kind' STRING → INT64",
            "modify field 'many' STRING → LIST<STRING>",
            "modify field 'n' NUMBER → NUMBER PREFERRED AS INT64",
            "modify field 'open' ENCRYPTED BYTES → BYTES",
            "modify field 'p' NUMBER PREFERRED AS INT64 → NUMBER PREFERRED AS DOUBLE",
            "modify field 'q' NUMBER PREFERRED AS DOUBLE → NUMBER",
            "modify field 'r' NUMBER PREFERRED AS INT64 → INT64",
            "modify field 'secret' STRING → ENCRYPTED STRING",
        ])
        let aspects = Dictionary(uniqueKeysWithValues: changes.changes.compactMap { change -> (String, [String])? in
            guard case .modifyField(let field, _, let aspects) = change.kind else { return nil }
            return (field.name, aspects.names)
        })
        #expect(aspects == [
            "kind": ["type"], "many": ["list"], "secret": ["encryption"], "open": ["encryption"],
            "n": ["number_preference_assigned"], "p": ["number_preference_changed"],
            "q": ["number_preference_changed"], "r": ["type"],
        ])
    }

    @Test func indexChangesAreOnePerOptionIncludingSystemFields() {
        let baseline = """
            recordTypes:
              T:
                fields: { title: { type: string, indexes: [queryable, searchable] }, n: int64 }
                systemFields: { recordID: [queryable], createTime: [queryable, sortable] }
            """
        let candidate = """
            recordTypes:
              T:
                fields: { title: { type: string, indexes: [sortable] }, n: { type: int64, indexes: [queryable] } }
                systemFields: { createTime: [sortable], modTime: [sortable] }
            """
        #expect(diff(baseline, candidate).descriptions == [
            "delete index QUERYABLE on '___createTime' (createdTimestamp)",
            "add index SORTABLE on '___modTime' (modifiedTimestamp)",
            "delete index QUERYABLE on '___recordID' (recordName)",
            "add index QUERYABLE on 'n'",
            "delete index QUERYABLE on 'title'",
            "delete index SEARCHABLE on 'title'",
            "add index SORTABLE on 'title'",
        ])
    }

    @Test func omittedSystemFieldDropsItsIndexAtTheRecordType() throws {
        let baseline = MarkedText("""
            DEFINE SCHEMA
                RECORD TYPE T (1️⃣"___recordID" REFERENCE QUERYABLE, title STRING);
            """)
        let candidate = MarkedText("""
            DEFINE SCHEMA
                RECORD TYPE 2️⃣T (title STRING);
            """)
        let changes = SchemaDiffer.diff(baseline: CKDBParser.parse(baseline.sourceFile(path: "prod.ckdb")),
                                        candidate: CKDBParser.parse(candidate.sourceFile(path: "dev.ckdb")))
        #expect(changes.count == 1)
        let change = try #require(changes.changes.first)
        #expect(change.kind == .deleteIndex(.system(.recordID), .queryable))
        #expect(change.baselineLocation == baseline.location("1️⃣", file: "prod.ckdb"))
        #expect(change.candidateLocation == candidate.location("2️⃣", file: "dev.ckdb"))
    }

    @Test func rolesAddedAndDeleted() {
        let changes = diff("roles: [Moderator, Editor]\n", "roles: [Editor, Reviewer]\n")
        #expect(changes.descriptions == ["delete role 'Moderator'", "add role 'Reviewer'"])
        #expect(changes.changes.allSatisfy { $0.recordType == nil })
    }

    @Test func grantsArePairedByRoleOverTheirUnion() {
        let split = """
            DEFINE SCHEMA
                RECORD TYPE P (a STRING, GRANT WRITE TO "_creator", GRANT CREATE TO "_icloud", GRANT READ TO "_creator");
            """
        let merged = """
            DEFINE SCHEMA
                RECORD TYPE P (a STRING, GRANT CREATE TO "_icloud", GRANT READ, WRITE TO "_creator");
            """
        #expect(diff(split, merged, ckdb: true).isEmpty)
        let changed = """
            DEFINE SCHEMA
                RECORD TYPE P (a STRING, GRANT READ TO "_creator", GRANT READ TO "_world", GRANT READ TO "_icloud");
            """
        #expect(diff(split, changed, ckdb: true).descriptions == [
            "modify grant to '_creator' READ, WRITE → READ",
            "modify grant to '_icloud' CREATE → READ",
            "add grant READ to '_world'",
        ])
        #expect(diff(changed, split, ckdb: true).descriptions == [
            "modify grant to '_creator' READ → READ, WRITE",
            "modify grant to '_icloud' READ → CREATE",
            "delete grant READ to '_world'",
        ])
    }

    @Test func grantWithNoPermissionsCountsAsAbsent() {
        let baseline = "recordTypes:\n  P: { fields: { a: string }, grants: { _world: [read] } }\n"
        let candidate = "recordTypes:\n  P: { fields: { a: string }, grants: { _world: [read], _icloud: [] } }\n"
        #expect(diff(baseline, candidate).isEmpty)
    }

    @Test func grantLocationsPointAtEachSidesFirstGrantForTheRole() {
        let baseline = MarkedText("""
            DEFINE SCHEMA
                RECORD TYPE P (a STRING, GRANT READ TO "_world", 1️⃣GRANT WRITE TO "_creator");
            """)
        let candidate = MarkedText("""
            DEFINE SCHEMA
                RECORD TYPE P (a STRING, 2️⃣GRANT READ TO "_creator", GRANT READ TO "_world");
            """)
        let changes = SchemaDiffer.diff(baseline: CKDBParser.parse(baseline.sourceFile(path: "b.ckdb")),
                                        candidate: CKDBParser.parse(candidate.sourceFile(path: "c.ckdb")))
        #expect(changes.descriptions == ["modify grant to '_creator' WRITE → READ"])
        #expect(changes.changes.first?.baselineLocation == baseline.location("1️⃣", file: "b.ckdb"))
        #expect(changes.changes.first?.candidateLocation == candidate.location("2️⃣", file: "c.ckdb"))
        #expect(changes.changes.first?.subject == .grant("P", 0))
    }

    @Test func systemFieldWrittenWithAnotherTypeIsAModification() {
        let changes = diff(
            "DEFINE SCHEMA\n RECORD TYPE T (\"___createTime\" TIMESTAMP QUERYABLE, a STRING);\n",
            "DEFINE SCHEMA\n RECORD TYPE T (\"___createTime\" STRING QUERYABLE, a STRING);\n", ckdb: true)
        #expect(changes.descriptions == ["modify system field '___createTime' TIMESTAMP → STRING"])
        #expect(changes.changes.first?.candidateLocation == SourceLocation(file: "cand.ckdb", line: 2, column: 33))
    }

    @Test func locationsOfEachSide() {
        let baseline = MarkedText("""
            recordTypes:
              Note:
                fields:
                  1️⃣gone: string
                  count: 2️⃣int64
            """)
        let candidate = MarkedText("""
            recordTypes:
              3️⃣Note:
                fields:
                  count: 4️⃣string
                  5️⃣added: bytes
            """)
        let changes = SchemaDiffer.diff(baseline: YAMLSchemaParser.parse([baseline.sourceFile(path: "b.yaml")]),
                                        candidate: YAMLSchemaParser.parse([candidate.sourceFile(path: "c.yaml")]))
        let b = { baseline.location($0, file: "b.yaml") }, c = { candidate.location($0, file: "c.yaml") }
        #expect(changes.changes.map(\.baselineLocation) == [nil, b("2️⃣"), b("1️⃣")])
        #expect(changes.changes.map(\.candidateLocation) == [c("5️⃣"), c("4️⃣"), nil])
        #expect(changes.changes.map(\.candidateAnchor) == [c("5️⃣"), c("4️⃣"), c("3️⃣")])
        #expect(changes.changes.map(\.subject) == [.field("Note", "added"), .field("Note", "count"), .field("Note", "gone")])
    }

    @Test func renameHintsOnlyForUnambiguousPairs() {
        let changes = diff(
            "recordTypes:\n  T: { fields: { title: string, count: int64, a: double, b: double } }\n",
            "recordTypes:\n  T: { fields: { name: string, total: int64, c: double, d: double } }\n")
        let hints = Dictionary(uniqueKeysWithValues: changes.changes.map { ($0.description, $0.hints) })
        #expect(hints["add field 'name' STRING"] == ["looks like a rename of field 'title'; CloudKit cannot rename, so 'name' starts empty"])
        #expect(hints["delete field 'title' STRING"] == ["looks like a rename to 'name'; CloudKit cannot rename, so its values do not move to 'name'"])
        #expect(hints["add field 'total' INT64"]?.count == 1)
        #expect(hints["add field 'c' DOUBLE"] == [], "two DOUBLE fields deleted and two added: no guess")
        #expect(changes.count == 8, "a rename stays a delete plus an add")
    }

    @Test func renameHintForARecordTypeWithTheSameFields() {
        let changes = diff("recordTypes:\n  Post: { fields: { a: string, b: int64 } }\n",
                           "recordTypes:\n  Article: { fields: { b: int64, a: string } }\n")
        #expect(changes.changes.map(\.hints) == [
            ["looks like a rename of record type 'Post'; CloudKit cannot rename, so 'Article' starts empty"],
            ["looks like a rename to 'Article'; CloudKit cannot rename, so its values do not move to 'Article'"],
        ])
    }

    @Test(arguments: 0..<5)
    func resultDoesNotDependOnSourceOrder(seed: Int) {
        var generator = SeededRandomNumberGenerator(seed: UInt64(seed))
        let types = (0..<6).map { type in
            (name: "T\(type)", fields: (0..<8).map { "f\($0): \(["string", "int64", "list<double>"].randomElement(using: &generator) ?? "string")" })
        }
        func text(_ types: [(name: String, fields: [String])], shuffled: Bool) -> String {
            var generator = SeededRandomNumberGenerator(seed: UInt64(seed) &+ 99)
            let order = shuffled ? types.shuffled(using: &generator) : types
            return "recordTypes:\n" + order.map { type in
                let fields = shuffled ? type.fields.shuffled(using: &generator) : type.fields
                return "  \(type.name):\n    fields:\n" + fields.map { "      \($0)\n" }.joined()
            }.joined()
        }
        var edited = types
        edited[1].fields.removeLast()
        edited[3].fields[2] = "f2: bytes"
        edited.remove(at: 4)
        let straight = diff(text(types, shuffled: false), text(edited, shuffled: false))
        let shuffled = diff(text(types, shuffled: true), text(edited, shuffled: true))
        #expect(straight.descriptions == shuffled.descriptions)
        #expect(straight.descriptions.count == 3)
    }
}
