import CKSchemaCore
import CKSchemaParsing
import CKSchemaTestSupport
import Foundation
import Testing

/// `ckschema init` adopts a container: on every valid export of the shared corpus the project it writes reads
/// back as the same schema, lints, and diffs against itself as empty; it never overwrites a project.
@Suite struct InitCommandTests {
    /// The CloudKit schema of a `.ckdb` file: what `convert` writes of the databases init decided (the
    /// `// ckschema:database` comments) is the project's, not the export's.
    private func schema(_ path: URL) throws -> Schema {
        let text = try String(contentsOf: path, encoding: .utf8)
        return SchemaLoader.parse(text, path: path.lastPathComponent, language: .ckdb).schema.canonicalized().cloudKitOnly()
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

    /// A Core Data app's model: `Trip` with a name and a start date.
    static let tripModel = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" usedWithCloudKit="YES">
            <entity name="Trip" representedClassName="Trip" syncable="YES">
                <attribute name="name" optional="YES" attributeType="String"/>
                <attribute name="start" optional="YES" attributeType="Date" usesScalarValueType="NO"/>
            </entity>
        </model>
        """

    /// Production of that app: what the model makes, and what it does not — `Backup`, written with `CKRecord`
    /// code, readable by a custom role; the record-name index the Console's browser needs, on `Users` and on
    /// `CD_Trip`; `CD_rating`, left by a removed attribute. (Unindexed system fields, which exports list, are
    /// left out.)
    static func tripProduction(start: String = "TIMESTAMP QUERYABLE SORTABLE") -> String {
        """
        DEFINE SCHEMA

            CREATE ROLE Archivist;

            RECORD TYPE Backup (
                archive         ASSET,
                takenAt         TIMESTAMP QUERYABLE SORTABLE,
                "___recordID"   REFERENCE QUERYABLE,
                GRANT WRITE TO "_creator",
                GRANT CREATE TO "_icloud",
                GRANT READ TO "Archivist"
            );

            RECORD TYPE CD_Trip (
                CD_entityName          STRING QUERYABLE SEARCHABLE SORTABLE,
                CD_moveReceipt         BYTES QUERYABLE SORTABLE,
                CD_moveReceipt_ckAsset ASSET,
                CD_name                STRING QUERYABLE SEARCHABLE SORTABLE,
                CD_name_ckAsset        ASSET,
                CD_rating              INT64 QUERYABLE SORTABLE,
                CD_start               \(start),
                "___recordID"          REFERENCE QUERYABLE,
                GRANT WRITE TO "_creator",
                GRANT CREATE TO "_icloud",
                GRANT READ TO "_world"
            );

            RECORD TYPE Users (
                "___recordID"   REFERENCE QUERYABLE,
                roles           LIST<INT64>,
                GRANT WRITE TO "_creator",
                GRANT READ TO "_world"
            );

        """
    }

    private func tripApp(production: String = tripProduction()) throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        try folder.write(Self.tripModel, to: "Trips.xcdatamodel/contents")
        try folder.write(production, to: "prod.ckdb")
        return folder
    }

    @Test func adoptingAnAppWritesWhatProductionHoldsBeyondItsModelsSoTheFirstDiffIsEmpty() throws {
        let folder = try tripApp()
        let result = try CommandRunner.run(["init", "--models", "Trips.xcdatamodel", "--production", "prod.ckdb"], in: folder.url)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("adopted 1 model (1 record type): wrote ckschema.yaml, ckschema.schema.json, "
            + "schemas/ (4 files: what production holds that the models do not make) and environments/production.ckdb\n"))
        let config = try String(contentsOf: folder.url.appendingPathComponent("ckschema.yaml"), encoding: .utf8)
        #expect(config.contains("models: ['Trips.xcdatamodel']\nschema: schemas "))
        let schemas = try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("schemas").path).sorted()
        #expect(schemas == ["Backup.yaml", "CD_Trip.yaml", "Users.yaml", "roles.yaml"])
        let trip = try String(contentsOf: folder.url.appendingPathComponent("schemas/CD_Trip.yaml"), encoding: .utf8)
        #expect(trip.hasSuffix("""
            recordTypes:
              CD_Trip:
                fields:
                  CD_rating: { type: int64, indexes: [queryable, sortable] }
                systemFields: { recordID: [queryable] }

            """), "only what the model does not make: \(trip)")
        #expect(trip.contains("# The models make 'CD_Trip'; this file adds what the export holds on it"))

        let lint = try CommandRunner.run(["lint"], in: folder.url)
        #expect(lint.status == 0 && lint.standardOutput.isEmpty, "\(lint.standardOutput)")
        let diff = try CommandRunner.run(["diff"], in: folder.url)
        #expect(diff.status == 0 && diff.standardOutput.hasSuffix("\nno changes\n"), "\(diff.standardOutput)")
        let check = try CommandRunner.run(["check-models"], in: folder.url)
        #expect(check.status == 0, "\(check.standardOutput)")
    }

    @Test func adoptingAnAppFromDevelopmentsExportLeavesNoChangesAgainstDevelopment() throws {
        let folder = try tripApp()
        let development = Self.tripProduction().replacingOccurrences(of: "takenAt ", with: "label           STRING,\n        takenAt ")
        try folder.write(development, to: "dev.ckdb")
        let result = try CommandRunner.run(["init", "dev.ckdb", "--models", "Trips.xcdatamodel", "--production", "prod.ckdb"],
                                           in: folder.url)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("(4 files: what development holds that the models do not make), "
            + "environments/development.ckdb and environments/production.ckdb\n"))
        #expect(FileManager.default.contents(atPath: folder.url.appendingPathComponent("environments/development.ckdb").path)
                == Data(development.utf8))
        let fromDevelopment = try CommandRunner.run(["diff", "--from", "development"], in: folder.url)
        #expect(fromDevelopment.status == 0 && fromDevelopment.standardOutput.hasSuffix("\nno changes\n"),
                "\(fromDevelopment.standardOutput)")
        let fromProduction = try CommandRunner.run(["diff"], in: folder.url)
        #expect(fromProduction.status == 0)
        #expect(fromProduction.standardOutput.contains("+ field 'label' STRING  schemas/Backup.yaml")
                && fromProduction.standardOutput.contains("\n1 change: 0 breaking, 0 warnings, 1 safe; deployable\n"),
                "development is ahead of production by one field: \(fromProduction.standardOutput)")
    }

    @Test func aFieldWhoseTypeTheModelsChangeIsSaidAndLeftToTheModels() throws {
        let folder = try tripApp(production: Self.tripProduction(start: "STRING QUERYABLE SEARCHABLE SORTABLE"))
        let result = try CommandRunner.run(["init", "--models", "Trips.xcdatamodel", "--production", "prod.ckdb"], in: folder.url)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("note: production holds 'CD_Trip.CD_start' as STRING, and the models make it "
            + "TIMESTAMP: the models change a type production holds (check-models reports it)\n"))
        let trip = try String(contentsOf: folder.url.appendingPathComponent("schemas/CD_Trip.yaml"), encoding: .utf8)
        #expect(!trip.contains("CD_start"))
        let diff = try CommandRunner.run(["diff"], in: folder.url)
        #expect(diff.status == 1 && diff.standardOutput.contains("CD_start"), "the models' change is breaking: \(diff.standardOutput)")
    }

    @Test func anInvalidDevelopmentExportBesideTheModelsWritesNothing() throws {
        let folder = try tripApp()
        try folder.write("DEFINE SCHEMA\n    RECORD TYPE CD_Trip (CD_name STRIN);\n", to: "dev.ckdb")
        let before = folder.listing()
        let result = try CommandRunner.run(["init", "dev.ckdb", "--models", "Trips.xcdatamodel", "--production", "prod.ckdb"],
                                           in: folder.url)
        #expect(result.status == 1)
        #expect(result.standardError.contains("dev.ckdb:2:"), "located: \(result.standardError)")
        #expect(result.standardError.contains("'dev.ckdb' is not a valid schema; nothing was written"))
        #expect(folder.listing() == before)
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
