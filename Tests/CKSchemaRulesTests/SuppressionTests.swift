import CKSchemaCore
import CKSchemaParsing
import CKSchemaRules
import CKSchemaTestSupport
import Testing

/// Inline suppressions on real parses: every comment style of both languages, each directive, and the
/// built-in errors that cannot be silenced.
@Suite struct SuppressionTests {
    /// The IDs found in a `.ckdb` text (sorted), by line.
    private func ckdbFindings(_ text: String) -> [String] {
        Linter().lint(parseCKDB(text, path: "s.ckdb")).map { "\($0.location?.line ?? 0):\($0.id)" }
    }

    private func yamlFindings(_ text: String) -> [String] {
        Linter().lint(parseYAML(text, path: "s.yaml"))
            .map { "\($0.location?.line ?? 0):\($0.id)" }
    }

    /// Two asset fields with an index each, on lines 3 and 4, with `directive` on line 2 (or appended to line 3).
    private func ckdb(line2: String = "", line3Suffix: String = "") -> String {
        """
        DEFINE SCHEMA
        \(line2)
            RECORD TYPE Photo ("___recordID" REFERENCE QUERYABLE, image ASSET QUERYABLE, \(line3Suffix)
                thumb ASSET SORTABLE);
        """
    }

    @Test func unsuppressedFindingsAreReported() {
        #expect(ckdbFindings(ckdb()) == ["3:asset_not_indexed", "4:asset_not_indexed"])
    }

    @Test(arguments: ["// ckschema:disable-next-line asset_not_indexed", "-- ckschema:disable-next-line asset_not_indexed",
                      "/* ckschema:disable-next-line asset_not_indexed */", "/*ckschema:disable-next-line*/"])
    func everyCKDBCommentStyleSilencesTheNextLine(comment: String) {
        #expect(ckdbFindings(ckdb(line2: comment)) == ["4:asset_not_indexed"])
    }

    @Test(arguments: ["// ckschema:disable-line asset_not_indexed", "-- ckschema:disable-line",
                      "/* ckschema:disable-line asset_not_indexed, record_id_queryable */"])
    func everyCKDBCommentStyleSilencesItsOwnLine(comment: String) {
        #expect(ckdbFindings(ckdb(line3Suffix: comment)) == ["4:asset_not_indexed"])
    }

    @Test func aBlockCommentSilencesARange() {
        let text = ckdb(line2: "/* ckschema:disable asset_not_indexed */") + "\n/* ckschema:enable asset_not_indexed */\n"
        #expect(ckdbFindings(text).isEmpty)
        let otherRule = ckdb(line2: "/* ckschema:disable unique_names */")
        #expect(ckdbFindings(otherRule) == ["3:asset_not_indexed", "4:asset_not_indexed"])
    }

    @Test func aDisableWithoutEnableLastsToTheEndOfTheFile() {
        #expect(ckdbFindings(ckdb(line2: "-- ckschema:disable")).isEmpty)
    }

    @Test func yamlCommentsSilenceFindings() {
        let text = """
            recordTypes:
              Photo:
                database: private
                systemFields: { recordID: [queryable] }
                fields:
                  # ckschema:disable-next-line asset_not_indexed
                  image: { type: asset, indexes: [queryable] }
                  thumb: { type: asset, indexes: [sortable] }  # ckschema:disable-line
                  other: { type: asset, indexes: [sortable] }
            """
        #expect(yamlFindings(text) == ["9:asset_not_indexed"])
    }

    @Test func parseErrorsAreNeverSilenced() {
        let text = "DEFINE SCHEMA\n    RECORD TYPE Photo (image BADTYPE); // ckschema:disable-line\n"
        let findings = ckdbFindings(text)
        #expect(findings.contains("2:ckdb_syntax"))
    }
}
