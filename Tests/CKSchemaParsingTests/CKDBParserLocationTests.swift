import CKSchemaCore
import CKSchemaParsing
import CKSchemaTestSupport
import Testing

/// Every element of a parsed schema has a location in the source map, pinned here by line and column.
@Suite struct CKDBParserLocationTests {
    @Test func everyKindOfElementIsLocated() {
        let marked = MarkedText("""
            DEFINE SCHEMA
                CREATE ROLE 0️⃣Editor;
                RECORD TYPE 1️⃣Note (
                    2️⃣"___recordID" REFERENCE 3️⃣QUERYABLE,
                    4️⃣title 5️⃣STRING 6️⃣SEARCHABLE 7️⃣QUERYABLE,
                    8️⃣GRANT READ TO "_world", 9️⃣grant WRITE TO Editor
                );
            """)
        let parsed = parseCKDB(marked)
        #expect(parsed.diagnostics.isEmpty)
        let expected: [SchemaPath: String] = [
            .role("Editor"): "0️⃣",
            .recordType("Note"): "1️⃣",
            .systemField("Note", .recordID): "2️⃣",
            .fieldIndex("Note", "___recordID", .queryable): "3️⃣",
            .field("Note", "title"): "4️⃣",
            .fieldType("Note", "title"): "5️⃣",
            .fieldIndex("Note", "title", .searchable): "6️⃣",
            .fieldIndex("Note", "title", .queryable): "7️⃣",
            .grant("Note", 0): "8️⃣",
            .grant("Note", 1): "9️⃣",
        ]
        #expect(parsed.sourceMap.locations == expected.mapValues { marked.at($0) })
    }

    @Test func typeLocationsPointAtTheFirstTokenOfTheType() {
        let marked = MarkedText(schemaText(items: """
                    a 1️⃣LIST<ENCRYPTED STRING>,
                    b 2️⃣ENCRYPTED INT64,
                    c 3️⃣NUMBER PREFERRED AS DOUBLE
            """))
        let parsed = parseCKDB(marked)
        #expect(parsed.diagnostics.isEmpty)
        #expect(parsed.sourceMap.locations[.fieldType("T", "a")] == marked.at("1️⃣"))
        #expect(parsed.sourceMap.locations[.fieldType("T", "b")] == marked.at("2️⃣"))
        #expect(parsed.sourceMap.locations[.fieldType("T", "c")] == marked.at("3️⃣"))
    }

    @Test func nonASCIINamesShiftColumnsByOneScalarEach() {
        // 'Ωmega' and 'ñandú' hold non-ASCII letters (two UTF-8 bytes each, one scalar each).
        let marked = MarkedText(schemaText(items: """
                    "Ωmega" STRING, "ñandú" 1️⃣INT64 2️⃣SORTABLE, 3️⃣after BYTES
            """))
        let parsed = parseCKDB(marked)
        #expect(parsed.diagnostics.isEmpty)
        #expect(parsed.sourceMap.locations[.fieldType("T", "ñandú")] == marked.at("1️⃣"))
        #expect(parsed.sourceMap.locations[.fieldIndex("T", "ñandú", .sortable)] == marked.at("2️⃣"))
        #expect(parsed.sourceMap.locations[.field("T", "after")] == marked.at("3️⃣"))
        #expect(marked.at("3️⃣").column == 49)
    }

    @Test func crlfLineEndingsAndTabsCountLikeAnyOtherText() {
        let text = "DEFINE SCHEMA\r\n\tRECORD TYPE A (\r\n\t\tx STRING,\r\n\r\n\t\ty INT64\r\n\t);"
        let parsed = parseCKDB(text)
        #expect(parsed.diagnostics.isEmpty)
        #expect(parsed.sourceMap.locations[.recordType("A")] == SourceLocation(file: testPath, line: 2, column: 14))
        #expect(parsed.sourceMap.locations[.field("A", "y")] == SourceLocation(file: testPath, line: 5, column: 3))
    }

    @Test func locationsAfterBlockCommentsAndQuotesInComments() {
        let marked = MarkedText("""
            /* a "quoted" header
               spanning lines */ DEFINE SCHEMA
                RECORD TYPE A ( /* é */ 1️⃣x STRING, -- "y" is next
                    2️⃣y INT64 // trailing
                );
            """)
        let parsed = parseCKDB(marked)
        #expect(parsed.diagnostics.isEmpty)
        #expect(parsed.sourceMap.locations[.field("A", "x")] == marked.at("1️⃣"))
        #expect(parsed.sourceMap.locations[.field("A", "y")] == marked.at("2️⃣"))
    }
}
