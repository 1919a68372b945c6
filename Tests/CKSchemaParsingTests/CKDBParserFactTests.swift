import CKSchemaCore
import CKSchemaParsing
import CKSchemaTestSupport
import Testing

/// What the parser accepts but records as a `SyntaxFact` for a lint rule to judge: no error, a located fact.
@Suite struct CKDBParserFactTests {
    /// Parses `marked`, expects no diagnostics, and returns the facts of `kind`.
    private func facts(_ kind: SyntaxFact.Kind, in marked: MarkedText) -> (ParsedSchema, [SyntaxFact]) {
        let parsed = parseCKDB(marked)
        #expect(parsed.diagnostics.isEmpty, "\(parsed.messages)")
        return (parsed, parsed.sourceMap.facts(kind))
    }

    @Test func unquotedReservedWordsAreFactsWhereOnlyANameCanStand() {
        let marked = MarkedText("""
            DEFINE SCHEMA
                CREATE ROLE 1️⃣Sortable;
                RECORD TYPE 2️⃣grant (
                    3️⃣queryable STRING,
                    4️⃣grant INT64 QUERYABLE,
                    "searchable" STRING,
                    GRANT READ TO 5️⃣preferred
                );
            """)
        let (parsed, found) = facts(.unquotedReservedWord, in: marked)
        #expect(found == [
            SyntaxFact(.unquotedReservedWord, at: marked.at("1️⃣"), subject: .role("Sortable"), text: "Sortable"),
            SyntaxFact(.unquotedReservedWord, at: marked.at("2️⃣"), subject: .recordType("grant"), text: "grant"),
            SyntaxFact(.unquotedReservedWord, at: marked.at("3️⃣"), subject: .field("grant", "queryable"), text: "queryable"),
            SyntaxFact(.unquotedReservedWord, at: marked.at("4️⃣"), subject: .field("grant", "grant"), text: "grant"),
            SyntaxFact(.unquotedReservedWord, at: marked.at("5️⃣"), subject: .grant("grant", 0), text: "preferred"),
        ])
        #expect(parsed.schema.recordTypes.first?.fields.map(\.name) == ["queryable", "grant", "searchable"])
        #expect(parsed.schema.recordTypes.first?.grants == [Grant(.read, to: "preferred")])
    }

    @Test func namesThatNeedQuotesAreFactsWhenWrittenBare() {
        let marked = MarkedText("""
            DEFINE SCHEMA
                RECORD TYPE 1️⃣cloudkit.share (
                    2️⃣___recordID REFERENCE QUERYABLE,
                    3️⃣_private STRING,
                    4️⃣cloudkit.title STRING,
                    GRANT READ TO 5️⃣_world
                );
            """)
        let (parsed, found) = facts(.unquotedSpecialName, in: marked)
        let type = "cloudkit.share"
        #expect(found == [
            SyntaxFact(.unquotedSpecialName, at: marked.at("1️⃣"), subject: .recordType(type), text: type),
            SyntaxFact(.unquotedSpecialName, at: marked.at("2️⃣"), subject: .systemField(type, .recordID), text: "___recordID"),
            SyntaxFact(.unquotedSpecialName, at: marked.at("3️⃣"), subject: .field(type, "_private"), text: "_private"),
            SyntaxFact(.unquotedSpecialName, at: marked.at("4️⃣"), subject: .field(type, "cloudkit.title"), text: "cloudkit.title"),
            SyntaxFact(.unquotedSpecialName, at: marked.at("5️⃣"), subject: .grant(type, 0), text: "_world"),
        ])
        #expect(parsed.schema.recordTypes.first?.indexes(on: .recordID) == .queryable)
    }

    @Test func repeatedIndexOptionsArePinnedToTheRepeat() {
        let marked = MarkedText(schemaText(items: """
                    title STRING QUERYABLE SORTABLE 1️⃣QUERYABLE 2️⃣sortable,
                    "___recordID" REFERENCE QUERYABLE 3️⃣QUERYABLE
            """))
        let (parsed, found) = facts(.repeatedIndexOption, in: marked)
        #expect(found == [
            SyntaxFact(.repeatedIndexOption, at: marked.at("1️⃣"), subject: .fieldIndex("T", "title", .queryable), text: "QUERYABLE"),
            SyntaxFact(.repeatedIndexOption, at: marked.at("2️⃣"), subject: .fieldIndex("T", "title", .sortable), text: "SORTABLE"),
            SyntaxFact(.repeatedIndexOption, at: marked.at("3️⃣"), subject: .fieldIndex("T", "___recordID", .queryable),
                       text: "QUERYABLE"),
        ])
        #expect(parsed.schema.recordTypes.first?.fields == [Field(name: "title", type: .string, indexes: [.queryable, .sortable])])
    }

    @Test func repeatedPermissionsArePinnedToTheRepeat() {
        let marked = MarkedText(schemaText(items: """
                    GRANT WRITE TO "_creator",
                    GRANT READ, WRITE, 1️⃣READ TO "_world"
            """))
        let (parsed, found) = facts(.repeatedPermission, in: marked)
        #expect(found == [SyntaxFact(.repeatedPermission, at: marked.at("1️⃣"), subject: .grant("T", 1), text: "READ")])
        #expect(parsed.schema.recordTypes.first?.grants == [Grant(.write, to: "_creator"), Grant([.read, .write], to: "_world")])
    }

    @Test func aGrantFollowedByMoreRolesKeepsOnlyTheFirst() {
        let marked = MarkedText(schemaText(items: """
                    GRANT READ TO "_world",
                    GRANT CREATE TO "_creator", 1️⃣"_icloud", 2️⃣Editor,
                    title STRING,
                    GRANT WRITE TO "_creator", 3️⃣"_icloud"
            """))
        let (parsed, found) = facts(.grantWithSeveralRoles, in: marked)
        #expect(found == [
            SyntaxFact(.grantWithSeveralRoles, at: marked.at("1️⃣"), subject: .grant("T", 1), text: "_icloud"),
            SyntaxFact(.grantWithSeveralRoles, at: marked.at("2️⃣"), subject: .grant("T", 1), text: "Editor"),
            SyntaxFact(.grantWithSeveralRoles, at: marked.at("3️⃣"), subject: .grant("T", 2), text: "_icloud"),
        ])
        #expect(parsed.schema.recordTypes.first == RecordType(
            name: "T",
            fields: [Field(name: "title", type: .string)],
            grants: [Grant(.read, to: "_world"), Grant(.create, to: "_creator"), Grant(.write, to: "_creator")]
        ))
    }

    @Test func aBareNameOutsideAGrantIsStillAFieldWithoutAType() {
        let parsed = parseCKDB(schemaText(items: "title STRING, \"_icloud\""))
        #expect(parsed.sourceMap.facts(.grantWithSeveralRoles).isEmpty)
        #expect(parsed.diagnostics.count == 1)
    }

    @Test func duplicatesKeepTheFirstDefinitionAndPointBackAtIt() {
        let marked = MarkedText("""
            DEFINE SCHEMA
                CREATE ROLE 1️⃣Editor;
                CREATE ROLE 2️⃣Editor;
                RECORD TYPE 3️⃣Note (
                    5️⃣title STRING QUERYABLE,
                    6️⃣title INT64,
                    7️⃣"___recordID" REFERENCE QUERYABLE,
                    8️⃣"___recordID" REFERENCE SORTABLE
                );
                RECORD TYPE 4️⃣Note (other STRING);
            """)
        let parsed = parseCKDB(marked)
        #expect(parsed.diagnostics.isEmpty)
        #expect(parsed.sourceMap.facts == [
            SyntaxFact(.duplicateRole, at: marked.at("2️⃣"), subject: .role("Editor"), text: "Editor", related: marked.at("1️⃣")),
            SyntaxFact(.duplicateField, at: marked.at("6️⃣"), subject: .field("Note", "title"), text: "title",
                       related: marked.at("5️⃣")),
            SyntaxFact(.duplicateSystemField, at: marked.at("8️⃣"), subject: .systemField("Note", .recordID),
                       text: "___recordID", related: marked.at("7️⃣")),
            SyntaxFact(.duplicateRecordType, at: marked.at("4️⃣"), subject: .recordType("Note"), text: "Note",
                       related: marked.at("3️⃣")),
        ])
        #expect(parsed.schema == Schema(roles: [Role(name: "Editor")], recordTypes: [
            RecordType(name: "Note", fields: [Field(name: "title", type: .string, indexes: .queryable)],
                       systemFieldIndexes: [.recordID: .queryable]),
        ]))
        // The dropped definition leaves no locations behind.
        #expect(parsed.sourceMap.locations[.field("Note", "other")] == nil)
        #expect(parsed.sourceMap.locations[.recordType("Note")] == marked.at("3️⃣"))
    }

    @Test func aSystemFieldWithAnotherTypeIsAFactAndKeepsItsIndexes() {
        let marked = MarkedText(schemaText(items: """
                    "___createTime" 1️⃣STRING QUERYABLE,
                    "___recordID" 2️⃣LIST<REFERENCE>,
                    "___etag" STRING
            """))
        let (parsed, found) = facts(.systemFieldWrongType, in: marked)
        #expect(found == [
            SyntaxFact(.systemFieldWrongType, at: marked.at("1️⃣"), subject: .systemField("T", .createTime), text: "STRING"),
            SyntaxFact(.systemFieldWrongType, at: marked.at("2️⃣"), subject: .systemField("T", .recordID),
                       text: "LIST<REFERENCE>"),
        ])
        #expect(parsed.schema.recordTypes.first?.systemFieldIndexes == [.createTime: .queryable])
        #expect(parsed.schema.recordTypes.first?.fields.isEmpty == true)
    }

    @Test func keywordsInLowerOrMixedCaseAreAcceptedAndNoted() {
        let marked = MarkedText("""
            1️⃣define 2️⃣Schema
                CREATE ROLE Editor;
                3️⃣record TYPE T (
                    tags 4️⃣list<5️⃣String> 6️⃣queryable,
                    7️⃣grant 8️⃣read, WRITE 9️⃣to Editor
                );
            """)
        let (parsed, found) = facts(.nonUppercaseKeyword, in: marked)
        #expect(found.map(\.location) == ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣"].map { marked.at($0) })
        #expect(found.map(\.text) == ["define", "Schema", "record", "list", "String", "queryable", "grant", "read", "to"])
        #expect(parsed.schema.recordTypes.first == RecordType(
            name: "T",
            fields: [Field(name: "tags", type: .list(.string), indexes: .queryable)],
            grants: [Grant([.read, .write], to: "Editor")]
        ))
    }

    @Test func encryptionOfAnyPrimitiveIsHeldForLintToJudge() {
        let parsed = parseCKDB(schemaText(items: "a ENCRYPTED ASSET, r ENCRYPTED REFERENCE, n LIST<ENCRYPTED NUMBER>"))
        #expect(parsed.diagnostics.isEmpty)
        #expect(parsed.sourceMap.facts.isEmpty)
        #expect(parsed.schema.recordTypes.first?.fields.map(\.type) == [
            .asset.encrypted, .reference.encrypted, .list(.number.encrypted),
        ])
    }

    @Test func quotedNamesBreakingTheIdentifierRuleAreKeptAsWritten() {
        let parsed = parseCKDB(schemaText(items: "\"feed-url\" STRING, \"2fa\" INT64, \"with space\" BYTES, \"\" ASSET"))
        #expect(parsed.diagnostics.isEmpty)
        #expect(parsed.sourceMap.facts.isEmpty)
        #expect(parsed.schema.recordTypes.first?.fields.map(\.name) == ["feed-url", "2fa", "with space", ""])
    }
}
