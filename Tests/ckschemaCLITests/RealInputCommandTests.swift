import CKSchemaTestSupport
import Foundation
import Testing

/// The commands on inputs shaped like real ones: a clean lint that says what it checked, a production
/// snapshot linted strictly, a hand-written GRANT with two roles that convert must not drop, a minified
/// schema's huge line, and the usage mistakes a new user makes.
@Suite struct RealInputCommandTests {
    /// A private-database app's production export: system fields, the Console's default grants, an encrypted
    /// field, and the `___recordID` SORTABLE a real development export carried.
    private let productionExport = """
        DEFINE SCHEMA

            RECORD TYPE Entry (
                "___createTime" TIMESTAMP,
                "___createdBy"  REFERENCE,
                "___etag"       STRING,
                "___modTime"    TIMESTAMP,
                "___modifiedBy" REFERENCE,
                "___recordID"   REFERENCE QUERYABLE SORTABLE,
                body            ENCRYPTED STRING,
                photo           BYTES QUERYABLE SORTABLE,
                GRANT WRITE TO "_creator",
                GRANT CREATE TO "_icloud",
                GRANT READ TO "_world"
            );

        """

    @Test func aCleanLintSaysWhatItCheckedOnStandardError() throws {
        let folder = try TemporaryDirectory()
        try folder.write("recordTypes:\n  Note:\n    fields: { title: string }\n    systemFields: { recordID: [queryable] }\n"
                            + "    grants: { _creator: [write], _icloud: [create], _world: [read] }\n", to: "schemas/Note.yaml")
        try folder.write("recordTypes:\n  Tag:\n    fields: { name: string }\n    systemFields: { recordID: [queryable] }\n"
                            + "    grants: { _creator: [write], _icloud: [create], _world: [read] }\n", to: "schemas/Tag.yaml")
        let result = try CommandRunner.run(["lint"], in: folder.url)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError == "2 files, 2 record types: no problems\n")
        let quiet = try CommandRunner.run(["lint", "--quiet"], in: folder.url)
        #expect(quiet.status == 0)
        #expect(quiet.standardOutput.isEmpty && quiet.standardError.isEmpty)
        let json = try CommandRunner.run(["lint", "--format", "json"], in: folder.url)
        #expect(json.standardError == "2 files, 2 record types: no problems\n")
        #expect(json.standardOutput.hasPrefix("{"), "an empty report is still a JSON document")
        let sarif = try CommandRunner.run(["lint", "--format", "sarif", "--quiet"], in: folder.url)
        #expect(sarif.standardOutput.contains("\"results\" : ["), "\(sarif.standardOutput)")
        #expect(sarif.standardError.isEmpty)
    }

    @Test func theProductionSnapshotLintsStrictlyWithNotesForIndexesItKeeps() throws {
        let folder = try TemporaryDirectory()
        try folder.write(productionExport, to: "environments/production.ckdb")
        let result = try CommandRunner.run(["lint", "production", "--strict"], in: folder.url)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains("note: system field '___recordID' of record type 'Entry' is REFERENCE; SORTABLE"))
        #expect(result.standardOutput.contains("production has this index and keeps it"))
        #expect(result.standardOutput.contains("0 errors, 0 warnings, 3 notes in 1 file"), "\(result.standardOutput)")
        #expect(!result.standardOutput.contains("encrypted_field_not_public"))
        // The same export elsewhere, with no production snapshot to say so, is advised to drop the indexes.
        try folder.write(productionExport, to: "copy.ckdb")
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("environments"))
        let copy = try CommandRunner.run(["lint", "copy.ckdb", "--strict"], in: folder.url)
        #expect(copy.status == 1)
        #expect(copy.standardOutput.contains("0 errors, 3 warnings in 1 file"), "\(copy.standardOutput)")
    }

    @Test func convertRefusesAGrantThatNamesTwoRoles() throws {
        let folder = try TemporaryDirectory()
        // As a real hand-written file has it: the second role after a comma gets nothing.
        try folder.write("""
            DEFINE SCHEMA

            RECORD TYPE Message (
                "___recordID" REFERENCE QUERYABLE,
                text STRING,
                GRANT READ TO "_world",
                GRANT CREATE TO "_creator", "_icloud",
                GRANT WRITE TO "_creator"
            );

            """, to: "schema.ckdb")
        for output in [["-o", "schema.yaml"], []] {
            let result = try CommandRunner.run(["convert", "schema.ckdb"] + output, in: folder.url)
            #expect(result.status == 1, "\(result.standardError)")
            #expect(result.standardOutput.isEmpty)
            #expect(result.standardError.contains("schema.ckdb:7:33: error: a GRANT names one role"), "\(result.standardError)")
            #expect(result.standardError.contains("[grant_single_role]"))
            #expect(result.standardError.hasSuffix("error: 'schema.ckdb' is not a valid schema; nothing was written\n"))
        }
        #expect(folder.listing() == ["schema.ckdb"])
        // Switching the rule off does not make the conversion lossy: it is an error for convert regardless.
        try folder.write("lint:\n  disable: [grant_single_role]\n", to: "ckschema.yaml")
        #expect(try CommandRunner.run(["convert", "schema.ckdb"], in: folder.url).status == 1)
    }

    @Test func longSourceLinesAreCutAroundTheCaret() throws {
        let folder = try TemporaryDirectory()
        let fields = (0..<2_000).map { "f\($0) STRING" }.joined(separator: ", ")
        try folder.write("DEFINE SCHEMA RECORD TYPE Note (" + fields + ", bad BOOLEAN, " + fields.replacingOccurrences(of: "f", with: "g") + ");\n",
                         to: "minified.ckdb")
        let result = try CommandRunner.run(["lint", "minified.ckdb"], in: folder.url)
        #expect(result.status == 1)
        let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        let index = try #require(lines.firstIndex { $0.hasPrefix("    ...") && $0.contains("bad BOOLEAN") })
        let snippet = lines[index]
        #expect(snippet.count < 140, "\(snippet.count) characters")
        #expect(snippet.hasSuffix("..."))
        let caret = lines[index + 1]
        #expect(caret.hasSuffix("^"))
        let column = snippet.distance(from: snippet.startIndex, to: try #require(snippet.range(of: "BOOLEAN")).lowerBound)
        #expect(caret.count - 1 == column, "the caret is under BOOLEAN")
        #expect(result.standardOutput.count < 2_000)
    }

    @Test func aBareCommandIsAUsageError() throws {
        let result = try CommandRunner.run([])
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains("USAGE: ckschema <subcommand>"), "\(result.standardError)")
    }

    @Test func mistypedNamesGetASuggestion() throws {
        let folder = try TemporaryDirectory()
        let subcommand = try CommandRunner.run(["lnt"], in: folder.url)
        #expect(subcommand.status == 2)
        #expect(subcommand.standardError.contains("did you mean 'lint'?"), "\(subcommand.standardError)")
        let generator = try CommandRunner.run(["generate", "swfit", "-o", "out"], in: folder.url)
        #expect(generator.status == 2)
        #expect(generator.standardError.contains("no generator 'swfit'"), "\(generator.standardError)")
        #expect(generator.standardError.contains("did you mean 'swift'?"))
        #expect(folder.listing().isEmpty)
    }
}
