import CKSchemaTestSupport
import Foundation
import Testing

/// `ckschema convert` end to end: both directions, atomic output, nothing written on failure.
@Suite struct ConvertCommandTests {
    private let ckdb = """
        DEFINE SCHEMA

            CREATE ROLE Moderator;

            RECORD TYPE Post (
                "___createTime" TIMESTAMP,
                "___createdBy"  REFERENCE,
                "___etag"       STRING,
                "___modTime"    TIMESTAMP,
                "___modifiedBy" REFERENCE,
                "___recordID"   REFERENCE QUERYABLE,
                body            ENCRYPTED STRING,
                tags            LIST<STRING> QUERYABLE,
                title           STRING QUERYABLE SEARCHABLE SORTABLE,
                GRANT WRITE TO "_creator",
                GRANT CREATE TO "_icloud",
                GRANT READ, WRITE TO Moderator
            );

        """

    @Test func ckdbToYAMLAndBackIsIdentical() throws {
        let folder = try TemporaryDirectory()
        try folder.write(ckdb, to: "in.ckdb")
        let toYAML = try CommandRunner.run(["convert", "in.ckdb", "-o", "out/schema.yaml"], in: folder.url)
        #expect(toYAML.status == 0, "\(toYAML.standardError)")
        let back = try CommandRunner.run(["convert", "out/schema.yaml"], in: folder.url)
        #expect(back.status == 0, "\(back.standardError)")
        #expect(back.standardOutput == ckdb)
    }

    @Test func explicitTargetLanguageWins() throws {
        let folder = try TemporaryDirectory()
        try folder.write(ckdb, to: "in.ckdb")
        let result = try CommandRunner.run(["convert", "in.ckdb", "--to", "ckdb"], in: folder.url)
        #expect(result.status == 0)
        #expect(result.standardOutput == ckdb)
    }

    @Test func yamlMetadataLossIsAnnounced() throws {
        let folder = try TemporaryDirectory()
        try folder.write("recordTypes:\n  A:\n    fields: { done: bool }\n", to: "a.yaml")
        let result = try CommandRunner.run(["convert", "a.yaml"], in: folder.url)
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("done            INT64"))
        #expect(result.standardError.contains("note:"))
    }

    @Test func databaseAndCreatedInSurviveTheRoundTripThroughCKDB() throws {
        let folder = try TemporaryDirectory()
        let yaml = AccessFixtures.consoleCountry
        try folder.write(yaml, to: "in.yaml")
        let toCKDB = try CommandRunner.run(["convert", "in.yaml", "-o", "out.ckdb"], in: folder.url)
        #expect(toCKDB.status == 0, "\(toCKDB.standardError)")
        // Nothing is lost, so no note says it is.
        #expect(!toCKDB.standardError.contains("note:"))
        let ckdb = try String(contentsOf: folder.url.appendingPathComponent("out.ckdb"), encoding: .utf8)
        #expect(ckdb.contains("    // ckschema:database public\n    // ckschema:createdIn console\n    RECORD TYPE Country ("))
        let back = try CommandRunner.run(["convert", "out.ckdb", "--to", "yaml"], in: folder.url)
        #expect(back.status == 0, "\(back.standardError)")
        #expect(back.standardOutput == yaml)
    }

    @Test func migrationsSurviveTheRoundTripThroughCKDB() throws {
        let folder = try TemporaryDirectory()
        let yaml = """
            recordTypes:
              Entry:
                fields:
                  isFavorite: int64
                  starred: { type: int64, renamedFrom: isFavorite, dualWrite: true }
                  stars: int64
                  rating: { type: double, replaces: { field: stars, type: int64 }, lossy: true }

            """
        try folder.write(yaml, to: "in.yaml")
        let toCKDB = try CommandRunner.run(["convert", "in.yaml", "-o", "out.ckdb"], in: folder.url)
        #expect(toCKDB.status == 0, "\(toCKDB.standardError)")
        // Nothing is lost, so no note says it is.
        #expect(!toCKDB.standardError.contains("note:"))
        let ckdb = try String(contentsOf: folder.url.appendingPathComponent("out.ckdb"), encoding: .utf8)
        #expect(ckdb.contains("""
                // ckschema:migration starred renamedFrom isFavorite dualWrite
                // ckschema:migration rating replaces stars int64 lossy
                RECORD TYPE Entry (
            """))
        let back = try CommandRunner.run(["convert", "out.ckdb", "--to", "yaml"], in: folder.url)
        #expect(back.status == 0, "\(back.standardError)")
        #expect(back.standardOutput == yaml)
    }

    @Test func aMigrationLintRejectsIsAConversionError() throws {
        let folder = try TemporaryDirectory()
        try folder.write("recordTypes:\n  E:\n    fields:\n      a: asset\n"
                             + "      b: { type: bytes, replaces: { field: a, type: asset } }\n", to: "in.yaml")
        let result = try CommandRunner.run(["convert", "in.yaml"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.standardError.contains("in.yaml:5:25: error:"), "\(result.standardError)")
        #expect(result.standardError.contains("[migration_conversion_exists]"))
    }

    @Test func invalidInputWritesNothingAndKeepsExistingOutput() throws {
        let folder = try TemporaryDirectory()
        try folder.write("DEFINE SCHEMA\n    RECORD TYPE Post (title BOOLEAN);\n", to: "bad.ckdb")
        try folder.write("previous contents\n", to: "existing.yaml")
        let fresh = try CommandRunner.run(["convert", "bad.ckdb", "-o", "new.yaml"], in: folder.url)
        #expect(fresh.status == 1)
        #expect(fresh.standardError.contains("bad.ckdb:2:29: error:"), "\(fresh.standardError)")
        #expect(fresh.standardOutput.isEmpty)
        let overwrite = try CommandRunner.run(["convert", "bad.ckdb", "-o", "existing.yaml"], in: folder.url)
        #expect(overwrite.status == 1)
        #expect(folder.listing() == ["bad.ckdb", "existing.yaml"])
        #expect(try String(contentsOf: folder.url.appendingPathComponent("existing.yaml"), encoding: .utf8) == "previous contents\n")
    }

    @Test func outputIntoAFolderThatIsAFileFails() throws {
        let folder = try TemporaryDirectory()
        try folder.write(ckdb, to: "in.ckdb")
        try folder.write("x", to: "blocker")
        let result = try CommandRunner.run(["convert", "in.ckdb", "-o", "blocker/out.yaml"], in: folder.url)
        #expect(result.status == 2)
        #expect(!result.standardError.isEmpty)
    }
}
