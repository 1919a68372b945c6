import CKSchemaCore
import CKSchemaParsing
import CKSchemaTestSupport
import Foundation
import Testing

/// `// ckschema:database public` above a RECORD TYPE: the `.ckdb` way to say what YAML's `database:` says.
@Suite struct CKDBDatabaseDirectiveTests {
    /// An export with its comments added by the developer, one per comment style.
    private let export = """
        DEFINE SCHEMA

            // ckschema:database public
            RECORD TYPE Notice (
                "___recordID"   REFERENCE QUERYABLE,
                body            STRING,
                GRANT WRITE TO "_creator",
                GRANT CREATE TO "_icloud",
                GRANT READ TO "_world"
            );

            RECORD TYPE Plain (
                title           STRING
            );

            -- ckschema:database private   (the journal lives in the user's private database)
            /* an unrelated comment */
            RECORD TYPE Entry (
                body            ENCRYPTED STRING
            );

            /* ckschema:database shared */ RECORD TYPE Album (name STRING);

        """

    @Test func eachDirectiveSetsTheNextRecordTypesDatabase() {
        let parsed = parseCKDB(export, path: "schema.ckdb")
        #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics.map(\.message))")
        #expect(parsed.schema.recordTypes.map(\.metadata.database) == [.public, nil, .private, .shared])
        #expect(parsed.sourceMap.location(of: .recordTypeKey("Notice", "database"))
            == SourceLocation(file: "schema.ckdb", line: 3, column: 8))
    }

    @Test func aWrongWordOrAMissingTypeIsLocated() {
        let parsed = parseCKDB("DEFINE SCHEMA\n    // ckschema:database cloud\n    RECORD TYPE A (x STRING);\n"
                               + "    -- ckschema:database public\n", path: "schema.ckdb")
        #expect(parsed.diagnostics.map(\.message) == [
            "'cloud' is not a database in 'ckschema:database'; write public, private or shared",
            "'ckschema:database public' comes before no RECORD TYPE; put it on the line above the type it describes",
        ])
        #expect(parsed.diagnostics.map { $0.location?.line } == [2, 4])
        #expect(parsed.schema.recordTypes.first?.metadata.database == nil)
    }

    @Test func theMarkerOutsideACommentIsNotADirective() {
        let bare = parseCKDB(export.replacingOccurrences(of: "// ckschema:database public", with: "\"ckschema:database public\""),
                             path: "schema.ckdb")
        #expect(bare.schema.recordTypes.first { $0.name == "Notice" }?.metadata.database == nil)
        #expect(bare.sourceMap.location(of: .recordTypeKey("Notice", "database"))?.line != 3)
    }
}
