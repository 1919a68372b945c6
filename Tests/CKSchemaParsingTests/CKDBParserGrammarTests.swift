import CKSchemaCore
import CKSchemaParsing
import CKSchemaTestSupport
import Testing

/// Apple's grammar, piece by piece: every data type, option orders, comments, names and GRANTs.
@Suite struct CKDBParserGrammarTests {
    /// Parses one field `f <type>` of type `T` and returns it, expecting no diagnostics or facts.
    private func field(_ declaration: String) -> Field? {
        let parsed = parseCKDB(schemaText(items: "f " + declaration))
        #expect(parsed.diagnostics.isEmpty, "\(parsed.messages)")
        #expect(parsed.sourceMap.facts.isEmpty)
        return parsed.schema.recordTypes.first?.fields.first
    }

    static let dataTypes: [(String, FieldType)] = [
        ("ASSET", .asset), ("BYTES", .bytes), ("DOUBLE", .double), ("INT64", .int64), ("LOCATION", .location),
        ("REFERENCE", .reference), ("STRING", .string), ("TIMESTAMP", .timestamp), ("NUMBER", .number),
        ("NUMBER PREFERRED AS INT64", FieldType(.number(preferredAs: .int64))),
        ("NUMBER PREFERRED AS DOUBLE", FieldType(.number(preferredAs: .double))),
        ("ENCRYPTED BYTES", .bytes.encrypted), ("ENCRYPTED STRING", .string.encrypted),
        ("ENCRYPTED DOUBLE", .double.encrypted), ("ENCRYPTED INT64", .int64.encrypted),
        ("ENCRYPTED LOCATION", .location.encrypted), ("ENCRYPTED TIMESTAMP", .timestamp.encrypted),
        ("LIST<ASSET>", .list(.asset)), ("LIST<BYTES>", .list(.bytes)), ("LIST<DOUBLE>", .list(.double)),
        ("LIST<INT64>", .list(.int64)), ("LIST<LOCATION>", .list(.location)), ("LIST<REFERENCE>", .list(.reference)),
        ("LIST<STRING>", .list(.string)), ("LIST<TIMESTAMP>", .list(.timestamp)), ("LIST<NUMBER>", .list(.number)),
        ("LIST<NUMBER PREFERRED AS INT64>", .list(FieldType(.number(preferredAs: .int64)))),
        ("LIST<ENCRYPTED STRING>", .list(.string.encrypted)), ("LIST < ENCRYPTED INT64 >", .list(.int64.encrypted)),
    ]

    @Test(arguments: dataTypes)
    func everyDataTypeIsRead(_ written: String, _ type: FieldType) {
        #expect(field(written) == Field(name: "f", type: type))
    }

    @Test(arguments: [
        "QUERYABLE SORTABLE SEARCHABLE", "SEARCHABLE SORTABLE QUERYABLE", "SORTABLE QUERYABLE SEARCHABLE",
        "SORTABLE SEARCHABLE QUERYABLE",
    ])
    func indexOptionsComeInAnyOrder(_ options: String) {
        #expect(field("STRING " + options)?.indexes == [.queryable, .sortable, .searchable])
    }

    @Test func permissionsComeInAnyOrderAndFieldsAndGrantsInterleave() {
        let parsed = parseCKDB("""
            DEFINE SCHEMA
                CREATE ROLE DeptManager;
                RECORD TYPE Department (
                    GRANT WRITE, CREATE, READ TO DeptManager,
                    name STRING,
                    GRANT CREATE TO "_icloud",
                    address STRING QUERYABLE,
                    GRANT READ,WRITE TO "_creator", GRANT READ TO "_creator"
                );
            """)
        #expect(parsed.diagnostics.isEmpty)
        #expect(parsed.schema == Schema(roles: [Role(name: "DeptManager")], recordTypes: [
            RecordType(
                name: "Department",
                fields: [Field(name: "name", type: .string), Field(name: "address", type: .string, indexes: .queryable)],
                grants: [
                    Grant([.read, .create, .write], to: "DeptManager"), Grant(.create, to: "_icloud"),
                    Grant([.read, .write], to: "_creator"), Grant(.read, to: "_creator"),
                ]
            ),
        ]))
    }

    @Test func commentsMayStandAnywhere() {
        let parsed = parseCKDB("""
            // header comment with a "quote"
            -- another style
            /* a block
               over "two" lines */
            DEFINE /* inline */ SCHEMA -- after the header
                // before a statement
                CREATE ROLE /* here */ Editor; // after a statement
                RECORD TYPE Note ( -- after the paren
                    title STRING, // after a comma, with "quotes" and ( ) ; , inside
                    body /* between name and type */ LIST /**/ < /* in a list */ STRING > QUERYABLE, -- dashes -- twice
                    /* before a grant */ GRANT READ /* between */ TO "_world" // last item
                    // before the close
                ) /* before the semicolon */ ; -- at the end
            /* at the very end */
            """)
        #expect(parsed.diagnostics.isEmpty, "\(parsed.messages)")
        #expect(parsed.schema == Schema(roles: [Role(name: "Editor")], recordTypes: [
            RecordType(name: "Note",
                       fields: [Field(name: "title", type: .string), Field(name: "body", type: .list(.string), indexes: .queryable)],
                       grants: [Grant(.read, to: "_world")]),
        ]))
    }

    @Test func contextualKeywordsAreNamesWhereANameIsExpected() {
        let names = ["type", "index", "order", "text", "name", "role", "list", "timestamp", "location", "asset",
                     "string", "define", "schema", "record", "create", "read", "write", "to", "as", "encrypted",
                     "number", "bytes", "double", "int64", "reference", "TYPE", "LIST"]
        let items = names.map { "\($0) STRING" }.joined(separator: ",\n") + ",\nGRANT READ TO role"
        let parsed = parseCKDB("DEFINE SCHEMA\nCREATE ROLE role;\nRECORD TYPE List (\n\(items)\n);\nRECORD TYPE type (timestamp TIMESTAMP);")
        #expect(parsed.diagnostics.isEmpty, "\(parsed.messages)")
        #expect(parsed.sourceMap.facts.isEmpty)
        #expect(parsed.schema.recordTypes.map(\.name) == ["List", "type"])
        #expect(parsed.schema.recordTypes.first?.fields.map(\.name) == names)
        #expect(parsed.schema.recordTypes.first?.grants == [Grant(.read, to: "role")])
        #expect(parsed.schema.recordTypes.last?.fields == [Field(name: "timestamp", type: .timestamp)])
    }

    @Test func quotedNamesAreNeverKeywords() {
        let parsed = parseCKDB("""
            DEFINE SCHEMA
                RECORD TYPE "cloudkit.share" (
                    "___recordID" REFERENCE QUERYABLE,
                    "cloudkit.title" STRING,
                    "grant" STRING,
                    "GRANT" INT64,
                    "LIST" BYTES,
                    GRANT READ TO "_world"
                );
            """)
        #expect(parsed.diagnostics.isEmpty)
        #expect(parsed.schema.recordTypes == [
            RecordType(name: "cloudkit.share",
                       fields: [Field(name: "cloudkit.title", type: .string), Field(name: "grant", type: .string),
                                Field(name: "GRANT", type: .int64), Field(name: "LIST", type: .bytes)],
                       systemFieldIndexes: [.recordID: .queryable],
                       grants: [Grant(.read, to: "_world")]),
        ])
    }

    @Test func systemFieldsGoToTheirIndexesAndUnknownTripleUnderscoreNamesAreFields() {
        let parsed = parseCKDB(schemaText(items: """
                    "___createTime" TIMESTAMP QUERYABLE SORTABLE,
                    "___createdBy"  REFERENCE QUERYABLE,
                    "___etag"       STRING,
                    "___modTime"    TIMESTAMP SORTABLE,
                    "___modifiedBy" REFERENCE,
                    "___recordID"   REFERENCE QUERYABLE,
                    "___recordType" STRING,
                    "__recordID"    REFERENCE
            """))
        #expect(parsed.diagnostics.isEmpty)
        let type = parsed.schema.recordTypes.first
        #expect(type?.systemFieldIndexes == [
            .createTime: [.queryable, .sortable], .createdBy: .queryable, .modTime: .sortable, .recordID: .queryable,
        ])
        #expect(type?.fields == [Field(name: "___recordType", type: .string), Field(name: "__recordID", type: .reference)])
        #expect(parsed.sourceMap.locations[.systemField("T", .etag)] != nil)
    }

    @Test func whitespaceOfAnyKindIsAccepted() {
        let parsed = parseCKDB("DEFINE\tSCHEMA\r\n\r\n\tRECORD\tTYPE\tA\t(\r\n\r\n\t\tx\tSTRING\tQUERYABLE\r\n\r\n,y INT64)\u{0B}\u{0C};")
        #expect(parsed.diagnostics.isEmpty)
        #expect(parsed.schema.recordTypes.first?.fields == [
            Field(name: "x", type: .string, indexes: .queryable), Field(name: "y", type: .int64),
        ])
    }

    @Test func anEmptySchemaAndAnEmptyRecordTypeAreValid() {
        #expect(parseCKDB("DEFINE SCHEMA").diagnostics.isEmpty)
        #expect(parseCKDB("DEFINE SCHEMA\n").schema == Schema())
        let parsed = parseCKDB("DEFINE SCHEMA RECORD TYPE Empty ( );")
        #expect(parsed.diagnostics.isEmpty)
        #expect(parsed.schema == Schema(recordTypes: [RecordType(name: "Empty")]))
    }

    @Test func appleDocumentationExampleReadsAsDocumented() {
        let parsed = parseCKDB("""
            DEFINE SCHEMA
                CREATE ROLE DeptManager;

                RECORD TYPE Department (
                    "___createTime" TIMESTAMP QUERYABLE SORTABLE,
                    "___recordID" REFERENCE QUERYABLE,
                    name STRING,
                    address STRING,
                    phone LIST<STRING>,
                    employees LIST<REFERENCE>,
                    GRANT WRITE TO "_creator",
                    GRANT CREATE TO "_icloud",
                    GRANT READ TO "_world",
                    GRANT WRITE, CREATE, READ TO DeptManager
                );
            """)
        #expect(parsed.diagnostics.isEmpty)
        #expect(parsed.language == .ckdb)
        #expect(parsed.sources.map(\.path) == [testPath])
        #expect(parsed.schema == Schema(roles: [Role(name: "DeptManager")], recordTypes: [
            RecordType(
                name: "Department",
                fields: [
                    Field(name: "name", type: .string), Field(name: "address", type: .string),
                    Field(name: "phone", type: .list(.string)), Field(name: "employees", type: .list(.reference)),
                ],
                systemFieldIndexes: [.createTime: [.queryable, .sortable], .recordID: .queryable],
                grants: [
                    Grant(.write, to: "_creator"), Grant(.create, to: "_icloud"), Grant(.read, to: "_world"),
                    Grant([.read, .create, .write], to: "DeptManager"),
                ]
            ),
        ]))
    }
}
