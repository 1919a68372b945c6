import CKSchemaTestSupport
import Foundation
import Testing

/// Field migrations through the commands that share `CKSchemaService`'s comparison (`diff`, `deploy --dry-run`
/// and its plan file; the MCP `diff` tool renders the same report): a rename and a retype of fields production
/// has are `migrate_field` changes, safe; deleting a retired field is breaking and names the migration.
@Suite struct MigrationCommandTests {
    /// Category's `icon` renamed to `symbol`, its `colorHex` (STRING) retyped to `colorValue` (INT64).
    private static func migratingProject() throws -> ExampleProject {
        let project = try ExampleProject()
        try project.edit("schemas/Category.yaml") {
            $0.replacing("      isArchived: { type: bool, default: false }\n", with: """
                      isArchived: { type: bool, default: false }
                      symbol:     { type: string, renamedFrom: icon }
                      colorValue: { type: int64, replaces: { field: colorHex, type: string } }

                """)
        }
        return project
    }

    @Test func diffShowsEachMigrationAsOneSafeChange() throws {
        let project = try Self.migratingProject()
        let text = try project.run(["diff"])
        #expect(text.status == 0, "\(text.standardError)")
        #expect(text.standardOutput.contains("» field 'colorValue' INT64 from 'colorHex' STRING (replaces)"))
        #expect(text.standardOutput.contains("» field 'symbol' STRING from 'icon' STRING (renamedFrom)"))
        #expect(!text.standardOutput.contains("looks like a rename"))

        let json = try project.run(["diff", "--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let changes = try #require(document["changes"] as? [[String: Any]])
        let migrations = changes.filter { $0["kind"] as? String == "migrate_field" }
        #expect(migrations.map { $0["subject"] as? String } == ["Category.colorValue", "Category.symbol"])
        #expect(migrations.allSatisfy { $0["classification"] as? String == "safe" && $0["action"] as? String == "migrate" })
        let symbol = try #require(migrations.last?["migration"] as? [String: Any])
        #expect(symbol["from"] as? String == "icon" && symbol["declaration"] as? String == "renamedFrom")
        #expect(document["deployable"] as? Bool == true)
    }

    @Test func theDeployPlanListsTheMigrations() throws {
        let project = try Self.migratingProject()
        let result = try project.run(["deploy", "--to", "development", "--dry-run"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("» field 'symbol' STRING from 'icon' STRING (renamedFrom)"))
        #expect(result.standardOutput.contains("additions are safe"))
        let planned = try project.run(["deploy", "--to", "development", "--plan", "p.json"])
        #expect(planned.status == 0, "\(planned.standardError)")
        let planData = try #require(project.contents("p.json"))
        let plan = try #require(try JSONSerialization.jsonObject(with: planData) as? [String: Any])
        let kinds = try #require(plan["changes"] as? [[String: Any]]).compactMap { $0["kind"] as? String }
        #expect(kinds.filter { $0 == "migrate_field" }.count == 2)
    }

    @Test func deletingTheRetiredFieldIsBreakingAndNamesTheMigration() throws {
        let project = try Self.migratingProject()
        try project.edit("schemas/Category.yaml") {
            $0.replacing("      icon:       { type: string, doc: An SF Symbols name. }\n", with: "")
        }
        let result = try project.run(["diff"])
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("field 'icon' of record type 'Category' is deleted, but it is the field "
            + "'symbol' migrates from ('renamedFrom: icon')"), "\(result.standardOutput)")
    }
}

/// `check-code` against the production snapshot, which keeps no YAML: the retired keys come from the project
/// schema, and a marked line of hand-written migration code is accepted.
@Suite struct RetiredKeyCheckCodeTests {
    @Test func aSnapshotRunTakesTheMigrationsFromTheProjectSchema() throws {
        let folder = try TemporaryDirectory()
        try folder.write("""
            recordTypes:
              Note:
                fields:
                  isFavorite: int64
                  starred: { type: int64, renamedFrom: isFavorite }
            """, to: "schemas/Note.yaml")
        try folder.write("""
            DEFINE SCHEMA
                RECORD TYPE Note ("___recordID" REFERENCE QUERYABLE, isFavorite INT64, starred INT64);
            """, to: "environments/production.ckdb")
        try folder.write("schema: [schemas]\n", to: "ckschema.yaml")
        try folder.write("""
            func read(_ record: CKRecord) -> Bool {
                guard record.recordType == "Note" else { return false }
                // ckschema:disable-next-line code_retired_field_used
                let old = record["isFavorite"] as? Int64
                return (record["starred"] as? Int64 ?? old) == 1
            }
            func write(_ record: CKRecord) {
                guard record.recordType == "Note" else { return }
                record["isFavorite"] = 1
            }
            """, to: "Sources/App/Notes.swift")
        let result = try CommandRunner.run(["check-code"], in: folder.url)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("Sources/App/Notes.swift:9:12: warning: field 'isFavorite' of record type "
            + "'Note' is retired: 'starred' replaces it ('renamedFrom: isFavorite')"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("[code_retired_field_used]"))
        #expect(!result.standardOutput.contains("Notes.swift:4:"))
        let strict = try CommandRunner.run(["check-code", "--strict"], in: folder.url)
        #expect(strict.status == 1)
    }
}
