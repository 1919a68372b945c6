import CKSchemaCore
import CKSchemaParsing
import CKSchemaTestSupport
import Foundation
import Testing

/// `ckschema init` adopts a container: on every valid export of the shared corpus the project it writes reads
/// back as the same schema, lints, and diffs against itself as empty; it never overwrites a project.
@Suite struct InitCommandTests {
    private func schema(_ path: URL) throws -> Schema {
        let text = try String(contentsOf: path, encoding: .utf8)
        return SchemaLoader.parse(text, path: path.lastPathComponent, language: .ckdb).schema.canonicalized()
    }

    @Test(.sharedCorpus("ckdb")) func everyValidCorpusExportIsAdoptedFaithfully() throws {
        let directory = try SharedCorpus.require("ckdb")
        var adopted = 0, lintClean = 0, undecided = 0
        for row in try SharedCorpus.manifest(in: directory) {
            let name = try #require(row["file"])
            let source = directory.appendingPathComponent(name)
            let text = try String(contentsOf: source, encoding: .utf8)
            guard !CKDBParser.parse(SourceFile(path: name, text: text)).hasErrors else { continue }
            let folder = try TemporaryDirectory()
            try folder.write(text, to: "export.ckdb")
            let initialized = try CommandRunner.run(["init", "export.ckdb", "--production", "export.ckdb"], in: folder.url)
            #expect(initialized.status == 0, "\(name): \(initialized.standardError)")
            guard initialized.status == 0 else { continue }
            adopted += 1
            if initialized.standardOutput.contains("\ndecide: ") { undecided += 1 }
            #expect(FileManager.default.contents(atPath: folder.url.appendingPathComponent("environments/development.ckdb").path)
                    == Data(text.utf8), "\(name): the snapshot is the export byte for byte")

            let back = try CommandRunner.run(["convert", "schemas", "--to", "ckdb", "-o", "back.ckdb"], in: folder.url)
            #expect(back.status == 0, "\(name): \(back.standardError)")
            #expect(try schema(folder.url.appendingPathComponent("back.ckdb")) == schema(source),
                    "\(name): init then convert is not the same schema")

            let lint = try CommandRunner.run(["lint"], in: folder.url)
            #expect(lint.status != 2, "\(name): lint could not run: \(lint.standardError)")
            if lint.status == 0 && !lint.standardOutput.contains("warning") { lintClean += 1 }

            let diff = try CommandRunner.run(["diff", "--from", "development"], in: folder.url)
            #expect(diff.status == 0 && diff.standardOutput.hasSuffix("\nno changes\n"), "\(name): \(diff.standardOutput)")
            let plan = try CommandRunner.run(["deploy", "--to", "development", "--dry-run"], in: folder.url)
            #expect(plan.status == 0, "\(name): \(plan.standardOutput)\(plan.standardError)")
        }
        print("init over the corpus: \(adopted) exports adopted, \(lintClean) lint without findings, "
              + "\(undecided) with a database to decide")
        #expect(adopted == 87)
    }

    @Test func theProjectHasOneFilePerRecordTypeWithTheEditorLineAndTheRolesApart() throws {
        let folder = try TemporaryDirectory()
        let export = try String(contentsOf: SharedCorpus.repositoryRoot.appendingPathComponent("environments/development.ckdb"),
                                encoding: .utf8)
        try folder.write(export, to: "development.ckdb")
        let result = try CommandRunner.run(["init", "development.ckdb"], in: folder.url)
        #expect(result.status == 0, "\(result.standardError)")
        let schemas = try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("schemas").path).sorted()
        #expect(schemas == ["Category.yaml", "EntryImage.yaml", "JournalEntry.yaml", "PublishedEntry.yaml", "Users.yaml",
                            "cloudkit.share.yaml", "roles.yaml"])
        let entry = try String(contentsOf: folder.url.appendingPathComponent("schemas/JournalEntry.yaml"), encoding: .utf8)
        #expect(entry.hasPrefix("# yaml-language-server: $schema=../ckschema.schema.json\n"))
        #expect(entry.contains("database: private, inferred: it has ENCRYPTED fields"))
        #expect(entry.contains("    database: private\n"))
        let published = try String(contentsOf: folder.url.appendingPathComponent("schemas/PublishedEntry.yaml"), encoding: .utf8)
        #expect(published.contains("    database: public\n"), "grants to Moderator are evidence of the public database")
        let users = try String(contentsOf: folder.url.appendingPathComponent("schemas/Users.yaml"), encoding: .utf8)
        #expect(!users.contains("database:"), "Users stays CloudKit's system type")
        let roles = try String(contentsOf: folder.url.appendingPathComponent("schemas/roles.yaml"), encoding: .utf8)
        #expect(roles.hasSuffix("roles: [Moderator]\n"))
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("ckschema.schema.json").path))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("environments/production.ckdb").path))
        #expect(result.standardOutput.contains("note: no production export: production is taken as an empty environment"))
        let diff = try CommandRunner.run(["diff"], in: folder.url)
        #expect(diff.status == 0, "production is empty: everything is an addition")
    }

    @Test func aTypeWithOnlyTheConsolesDefaultGrantsAsksForADecision() throws {
        let folder = try TemporaryDirectory()
        try folder.write("""
            DEFINE SCHEMA
                RECORD TYPE Note (
                    "___recordID" REFERENCE QUERYABLE,
                    title STRING,
                    GRANT WRITE TO "_creator",
                    GRANT CREATE TO "_icloud",
                    GRANT READ TO "_world"
                );
            """, to: "export.ckdb")
        let result = try CommandRunner.run(["init", "export.ckdb"], in: folder.url)
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("decide: the database of 'Note'"))
        let note = try String(contentsOf: folder.url.appendingPathComponent("schemas/Note.yaml"), encoding: .utf8)
        #expect(note.contains("# decide: add 'database: public' or 'database: private'"))
        #expect(!note.contains("  database:"))
    }

    @Test func anExistingProjectIsNeverOverwritten() throws {
        let project = try ExampleProject()
        let before = project.state()
        let result = try project.run(["init", "environments/development.ckdb"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("'ckschema.yaml' already exists"))
        #expect(project.state() == before)
        #expect(!FileManager.default.fileExists(atPath: project.url.appendingPathComponent("ckschema.schema.json").path))
    }

    @Test func anInvalidExportWritesNothing() throws {
        let folder = try TemporaryDirectory()
        try folder.write("DEFINE SCHEMA\n    RECORD TYPE (\n", to: "export.ckdb")
        let result = try CommandRunner.run(["init", "export.ckdb"], in: folder.url)
        #expect(result.status == 1)
        #expect(folder.listing() == ["export.ckdb"])
    }

    @Test func theLiveEnvironmentsAreAdoptedThroughCKTool() throws {
        let export = try String(contentsOf: SharedCorpus.repositoryRoot.appendingPathComponent("environments/production.ckdb"),
                                encoding: .utf8)
        let fake = try FakeCKTool(export: export)
        let folder = try TemporaryDirectory()
        let result = try CommandRunner.run(["init", "--backend", "cktool", "--container-id", "iCloud.com.example.App",
                                            "--team-id", "ABCDE12345"], in: folder.url, environment: fake.environment())
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try fake.calls().map { $0.arguments.contains("production") } == [false, true])
        let configuration = try String(contentsOf: folder.url.appendingPathComponent("ckschema.yaml"), encoding: .utf8)
        #expect(configuration.contains("containerID: iCloud.com.example.App"))
        #expect(configuration.contains("development: { backend: cktool }"))
        #expect(!configuration.contains(FakeCKTool.token))
        for environment in ["development", "production"] {
            #expect(FileManager.default.contents(atPath: folder.url.appendingPathComponent("environments/\(environment).ckdb").path)
                    == Data(export.utf8))
        }
    }
}
