import CKSchemaTestSupport
import Foundation
import Testing

/// `ckschema access` end to end: the matrix in each format, a deploy's changes, access tests and their exit codes.
@Suite struct AccessCommandTests {
    static let schema = AccessFixtures.moderatedPosts + """
          Diary:
            database: private
            fields: { body: string }
        """

    private func project(access: String = "") throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        try folder.write(Self.schema, to: "schemas/app.yaml")
        try folder.write("schema: schemas\n" + (access.isEmpty ? "" : "access:\n" + access), to: "ckschema.yaml")
        return folder
    }

    @Test func theExampleProjectsMatrixSaysWhoMayDoWhat() throws {
        let result = try CommandRunner.run(["access"], in: SharedCorpus.repositoryRoot)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("PublishedEntry\n  role       read   create write\n  _world     yes    -      -\n"))
        #expect(result.standardOutput.contains("  write  the record's creator may change or delete it (_creator); users given role Moderator"))
        #expect(result.standardOutput.contains("Not in the public database: Category, EntryImage, JournalEntry, cloudkit.share"))
    }

    @Test func docsShowTheExampleProjectsRealMatrix() throws {
        let docs = try String(contentsOf: SharedCorpus.repositoryRoot.appendingPathComponent("docs/access.md"), encoding: .utf8)
        let start = try #require(docs.range(of: "project's matrix:\n\n```\n"))
        let end = try #require(docs[start.upperBound...].range(of: "```\n"))
        let result = try CommandRunner.run(["access"], in: SharedCorpus.repositoryRoot)
        #expect(result.standardOutput.contains(docs[start.upperBound..<end.lowerBound]), "docs/access.md's matrix is stale")
    }

    @Test func jsonHasEveryCellWithItsMeaning() throws {
        let folder = try project()
        let result = try CommandRunner.run(["access", "--format", "json"], in: folder.url)
        #expect(result.status == 0, "\(result.standardError)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(document["version"] as? Int == 1)
        #expect(document["roles"] as? [String] == ["_world", "_icloud", "_creator", "Moderator"])
        #expect(document["omitted"] as? [String] == ["Diary"])
        let types = try #require(document["recordTypes"] as? [[String: Any]])
        let cells = try #require(types.first?["cells"] as? [[String: Any]])
        #expect(cells.count == 12)
        let icloudRead = try #require(cells.first { $0["role"] as? String == "_icloud" && $0["permission"] as? String == "read" })
        #expect(icloudRead["granted"] as? Bool == false && icloudRead["effective"] as? Bool == true)
        #expect(icloudRead["through"] as? String == "_world" && icloudRead["mark"] as? String == "(yes)")
    }

    @Test func markdownIsATablePerType() throws {
        let folder = try project()
        let result = try CommandRunner.run(["access", "--format", "markdown"], in: folder.url)
        #expect(result.standardOutput.contains("### Post\n\n| role | read | create | write |\n|---|---|---|---|\n| `_world` | yes | - | - |\n"))
    }

    @Test func fromShowsTheCellsADeployChanges() throws {
        let folder = try project()
        try folder.write("""
            DEFINE SCHEMA
                CREATE ROLE Moderator;
                RECORD TYPE Post (title STRING, GRANT READ TO "_world", GRANT CREATE, WRITE TO "_icloud");
            """, to: "environments/production.ckdb")
        let result = try CommandRunner.run(["access", "--from", "production", "--to", "project"], in: folder.url)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("Public database access: production -> schemas, 3 cells change\n"))
        #expect(result.standardOutput.contains("  Post  _icloud    write  yes   -> -      signed-in iCloud users may not change or delete records"))
        #expect(result.standardOutput.contains("  Post  Moderator  write  (yes) -> yes    users given role Moderator"))
        #expect(!result.standardOutput.contains("\n+ Post"))  // nobody may do more than before
        let same = try CommandRunner.run(["access", "production", "--from", "production"], in: folder.url)
        #expect(same.standardOutput == "Public database access: production -> production: no change\n")
    }

    @Test func passingTestsExitZero() throws {
        let folder = try project(access: """
              - { as: _world, can: [read], cannot: [create, write], on: [Post] }
              - { as: Moderator, can: [write], on: Post }
            """)
        let result = try CommandRunner.run(["access", "--check"], in: folder.url)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardError == "2 access tests passed\n")
    }

    @Test func aFailingTestIsLocatedAndExitsOneInEveryFormat() throws {
        let folder = try project(access: "  - { as: _icloud, can: [write], on: [Post] }\n")
        for format in ["text", "json", "github", "sarif"] {
            let result = try CommandRunner.run(["access", "--check", "--format", format], in: folder.url)
            #expect(result.status == 1, "\(format)")
            #expect(result.standardOutput.contains("access_test_failed"), "\(format)")
        }
        let text = try CommandRunner.run(["access", "--check"], in: folder.url)
        #expect(text.standardOutput.hasPrefix("ckschema.yaml:3:5: error: access test fails: _icloud cannot write Post: "
            + "signed-in iCloud users may not change or delete records [access_test_failed]\n"))
        let lint = try CommandRunner.run(["lint"], in: folder.url)
        #expect(lint.status == 1)
        #expect(lint.standardOutput.contains("ckschema.yaml:3:5: error: access test fails"))
    }

    @Test func testsNamingWhatTheSchemaLacksExitTwo() throws {
        let folder = try project(access: "  - schemas/access.yaml\n")
        try folder.write("access:\n  - { as: Moderator, can: [read], on: [Post, Postt] }\n", to: "schemas/access.yaml")
        let result = try CommandRunner.run(["access", "--check"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.standardOutput.contains("schemas/access.yaml:2:46: error: access test names record type 'Postt'"))
        #expect(try CommandRunner.run(["lint"], in: folder.url).status == 2)
        // The access file under schemas/ is no problem for the schema reader.
        #expect(try CommandRunner.run(["access"], in: folder.url).status == 0)
    }

    @Test func malformedTestsAndMissingFilesExitTwo() throws {
        let folder = try project(access: "  - { as: _world, can: [delete], on: [Post] }\n")
        let result = try CommandRunner.run(["access", "--check"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.standardError.contains("ckschema.yaml:3:25: error: unknown permission 'delete' in 'can'"))
        let missing = try project(access: "  - gone.yaml\n")
        let gone = try CommandRunner.run(["access", "--check"], in: missing.url)
        #expect(gone.status == 2)
        #expect(gone.standardError.contains("ckschema.yaml:3:5: the access-test file"))
    }

    @Test func formatsMustSuitTheOutput() throws {
        let folder = try project()
        #expect(try CommandRunner.run(["access", "--check", "--format", "markdown"], in: folder.url).status == 2)
        #expect(try CommandRunner.run(["access", "--format", "sarif"], in: folder.url).status == 2)
        #expect(try CommandRunner.run(["access", "nope.yaml"], in: folder.url).status == 2)
    }
}

/// `ckschema init --access-tests`: the tests describe production's grants, and pass until they change.
@Suite struct InitAccessTestsTests {
    @Test func initWritesTestsThatPassUntilTheGrantsChange() throws {
        let folder = try TemporaryDirectory()
        try folder.write("""
            DEFINE SCHEMA
                CREATE ROLE Moderator;
                RECORD TYPE Post (title STRING, GRANT READ TO "_world", GRANT CREATE TO "_icloud", GRANT WRITE TO "_creator", GRANT WRITE TO Moderator);
                RECORD TYPE Country (name STRING, GRANT READ TO "_world");
            """, to: "export.ckdb")
        let result = try CommandRunner.run(["init", "export.ckdb", "--production", "export.ckdb", "--access-tests"], in: folder.url)
        #expect(result.status == 0, "\(result.standardError)")
        let tests = try String(contentsOf: folder.url.appendingPathComponent("schemas/access.yaml"), encoding: .utf8)
        #expect(tests.contains("""
            access:
              - { as: _world, can: [read], cannot: [create, write], on: [Post, Country] }
              - { as: _icloud, can: [read, create], cannot: [write], on: [Post] }
              - { as: _icloud, can: [read], cannot: [create, write], on: [Country] }
            """))
        #expect(tests.contains("  - { as: Moderator, can: [read, create, write], on: [Post] }\n"))
        let config = try String(contentsOf: folder.url.appendingPathComponent("ckschema.yaml"), encoding: .utf8)
        #expect(config.contains("access:") && config.contains("  - schemas/access.yaml\n"))
        let check = try CommandRunner.run(["access", "--check"], in: folder.url)
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
        // Someone lets every signed-in user edit posts: the tests fail, at the test that said otherwise.
        let postFile = folder.url.appendingPathComponent("schemas/Post.yaml")
        let post = try String(contentsOf: postFile, encoding: .utf8)
        try post.replacingOccurrences(of: "_icloud: [create]", with: "_icloud: [create, write]")
            .write(to: postFile, atomically: true, encoding: .utf8)
        let changed = try CommandRunner.run(["access", "--check"], in: folder.url)
        #expect(changed.status == 1)
        #expect(changed.standardOutput.contains("schemas/access.yaml:7:5: error: access test fails: _icloud can write Post"))
    }

    @Test func aModelsProjectGetsTheTestsOfWhatProductionGrants() throws {
        let folder = try TemporaryDirectory()
        try folder.write(InitCommandTests.tripModel, to: "Trips.xcdatamodel/contents")
        try folder.write(InitCommandTests.tripProduction(), to: "prod.ckdb")
        let result = try CommandRunner.run(["init", "--models", "Trips.xcdatamodel", "--production", "prod.ckdb", "--access-tests"],
                                           in: folder.url)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("adopted 1 model (1 record type): wrote ckschema.yaml, ckschema.schema.json, "
            + "schemas/ (4 files: what production holds that the models do not make), schemas/access.yaml and "
            + "environments/production.ckdb\n"), "\(result.standardOutput)")
        let tests = try String(contentsOf: folder.url.appendingPathComponent("schemas/access.yaml"), encoding: .utf8)
        // The residue's Backup and the models' CD_Trip (public as far as init can tell); Users too, as production
        // grants it.
        #expect(tests.contains("  - { as: _world, cannot: [read, create, write], on: [Backup] }\n"), "\(tests)")
        #expect(tests.contains("  - { as: Archivist, can: [read, create], cannot: [write], on: [Backup, CD_Trip] }\n"), "\(tests)")
        #expect(tests.contains("  - { as: _world, can: [read], cannot: [create, write], on: [CD_Trip, Users] }\n"), "\(tests)")
        let config = try String(contentsOf: folder.url.appendingPathComponent("ckschema.yaml"), encoding: .utf8)
        #expect(config.contains("models: ['Trips.xcdatamodel']") && config.contains("access:") && config.contains("  - schemas/access.yaml\n"))
        // They pass on the project the models make, in access --check and in lint.
        let check = try CommandRunner.run(["access", "--check"], in: folder.url)
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
        let lint = try CommandRunner.run(["lint"], in: folder.url)
        #expect(lint.status == 0 && lint.standardOutput.isEmpty, "\(lint.standardOutput)\(lint.standardError)")
    }

    @Test func aModelsProjectWithoutAnExportHasNoGrantsToTest() throws {
        let folder = try TemporaryDirectory()
        try folder.write(InitCommandTests.tripModel, to: "Trips.xcdatamodel/contents")
        let result = try CommandRunner.run(["init", "--models", "Trips.xcdatamodel", "--access-tests"], in: folder.url)
        #expect(result.status == 2, "a usage error: \(result.status)")
        #expect(result.standardError.contains("--access-tests describes the grants an environment holds"))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("ckschema.yaml").path))
    }
}
