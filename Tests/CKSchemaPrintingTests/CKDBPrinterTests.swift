import CKSchemaCore
import CKSchemaPrinting
import Testing

/// The printer writes the exact layout of `cktool export-schema`.
@Suite struct CKDBPrinterTests {
    @Test func anEmptySchemaIsJustTheHeader() {
        #expect(CKDBPrinter.print(Schema()) == "DEFINE SCHEMA\n")
    }

    @Test func rolesWithoutRecordTypesEndAfterTheRoleLines() {
        let schema = Schema(roles: [Role(name: "Editor"), Role(name: "_reviewers")])
        #expect(CKDBPrinter.print(schema) == """
            DEFINE SCHEMA

                CREATE ROLE Editor;
                CREATE ROLE "_reviewers";

            """)
    }

    @Test func aRecordTypeListsAllSystemFieldsSortedWithItsFieldsThenItsGrants() {
        let schema = Schema(roles: [Role(name: "Team"), Role(name: "Admin")], recordTypes: [
            RecordType(
                name: "Note",
                fields: [
                    Field(name: "title", type: .string, indexes: [.sortable, .searchable, .queryable]),
                    Field(name: "CD_entityName", type: .string, indexes: .queryable),
                    Field(name: "attachments", type: .list(.asset)),
                    Field(name: "secret", type: .list(.string.encrypted)),
                    Field(name: "count", type: FieldType(.number(preferredAs: .int64))),
                    Field(name: "Zeta", type: .location, indexes: [.sortable, .queryable]),
                ],
                systemFieldIndexes: [.recordID: .queryable, .createTime: [.sortable, .queryable]],
                grants: [
                    Grant([.write, .create], to: "Team"), Grant(.read, to: "_world"),
                    Grant([.write, .read, .create], to: "Admin"), Grant(.read, to: "Team"),
                ]
            ),
        ])
        #expect(CKDBPrinter.print(schema) == """
            DEFINE SCHEMA

                CREATE ROLE Team;
                CREATE ROLE Admin;

                RECORD TYPE Note (
                    CD_entityName   STRING QUERYABLE,
                    Zeta            LOCATION QUERYABLE SORTABLE,
                    "___createTime" TIMESTAMP QUERYABLE SORTABLE,
                    "___createdBy"  REFERENCE,
                    "___etag"       STRING,
                    "___modTime"    TIMESTAMP,
                    "___modifiedBy" REFERENCE,
                    "___recordID"   REFERENCE QUERYABLE,
                    attachments     LIST<ASSET>,
                    count           NUMBER PREFERRED AS INT64,
                    secret          LIST<ENCRYPTED STRING>,
                    title           STRING QUERYABLE SEARCHABLE SORTABLE,
                    GRANT CREATE, WRITE TO Team,
                    GRANT READ TO "_world",
                    GRANT READ, CREATE, WRITE TO Admin,
                    GRANT READ TO Team
                );

            """)
    }

    @Test func recordTypesAreSortedByRawNameInByteOrder() {
        let schema = Schema(recordTypes: ["cloudkit.share", "Users", "alpha", "CD_Item", "Zeta", "grant"].map {
            RecordType(name: $0)
        })
        let headers = CKDBPrinter.print(schema).split(separator: "\n").filter { $0.hasPrefix("    RECORD TYPE") }
        #expect(headers == [
            "    RECORD TYPE CD_Item (", "    RECORD TYPE Users (", "    RECORD TYPE Zeta (", "    RECORD TYPE alpha (",
            "    RECORD TYPE \"cloudkit.share\" (", "    RECORD TYPE \"grant\" (",
        ])
    }

    @Test func theNameColumnIsAsWideAsTheWidestQuotedName() {
        let schema = Schema(recordTypes: [
            RecordType(name: "Share", fields: [Field(name: "cloudkit.thumbnailImageData", type: .bytes), Field(name: "a", type: .string)]),
        ])
        let lines = CKDBPrinter.print(schema).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.contains("        \"___etag\"" + String(repeating: " ", count: 21) + "STRING,"))
        #expect(lines.contains("        a" + String(repeating: " ", count: 29) + "STRING,"))
        #expect(lines.contains("        \"cloudkit.thumbnailImageData\" BYTES"))
    }

    @Test func aTypeWithOnlySystemFieldsAndNoGrantsEndsWithTheLastSystemField() {
        #expect(CKDBPrinter.print(Schema(recordTypes: [RecordType(name: "Empty")])) == """
            DEFINE SCHEMA

                RECORD TYPE Empty (
                    "___createTime" TIMESTAMP,
                    "___createdBy"  REFERENCE,
                    "___etag"       STRING,
                    "___modTime"    TIMESTAMP,
                    "___modifiedBy" REFERENCE,
                    "___recordID"   REFERENCE
                );

            """)
    }

    @Test func aGrantWithoutPermissionsIsLeftOut() {
        let schema = Schema(recordTypes: [
            RecordType(name: "T", grants: [Grant([], to: "_world"), Grant(.read, to: "_icloud")]),
        ])
        let printed = CKDBPrinter.print(schema)
        #expect(!printed.contains("_world"))
        #expect(printed.contains("        GRANT READ TO \"_icloud\"\n    );\n"))
    }

    @Test(arguments: [
        ("title", "title"), ("CD_title", "CD_title"), ("x1_y", "x1_y"), ("type", "type"), ("LIST", "LIST"),
        ("grant", "\"grant\""), ("Queryable", "\"Queryable\""), ("SEARCHABLE", "\"SEARCHABLE\""),
        ("preferred", "\"preferred\""), ("sortable", "\"sortable\""), ("_creator", "\"_creator\""),
        ("___recordID", "\"___recordID\""), ("cloudkit.share", "\"cloudkit.share\""), ("feed-url", "\"feed-url\""),
        ("2fa", "\"2fa\""), ("café", "\"café\""), ("", "\"\""),
    ])
    func namesAreQuotedOnlyWhenTheyMustBe(_ name: String, _ printed: String) {
        let schema = Schema(roles: [Role(name: name)])
        #expect(CKDBPrinter.print(schema) == "DEFINE SCHEMA\n\n    CREATE ROLE \(printed);\n")
    }
}
