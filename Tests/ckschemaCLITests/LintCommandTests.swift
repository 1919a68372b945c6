import CKSchemaTestSupport
import Foundation
import Testing

/// `ckschema lint` end to end: exit codes, output formats, configuration, environment names.
@Suite struct LintCommandTests {
    private let clean = """
        roles: [Moderator]
        recordTypes:
          Post:
            database: public
            fields: { title: { type: string, indexes: [queryable] } }
            systemFields: { recordID: [queryable] }
            grants: { _world: [read], _icloud: [create], _creator: [write], Moderator: [write] }
        """

    @Test func cleanSchemaExitsZeroQuietly() throws {
        let folder = try TemporaryDirectory()
        try folder.write(clean, to: "schemas/Post.yaml")
        let result = try CommandRunner.run(["lint", "schemas"], in: folder.url)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }

    @Test func errorsExitOneWithLocatedFindings() throws {
        let folder = try TemporaryDirectory()
        try folder.write("recordTypes:\n  Post:\n    fields: { title: string }\n    grants: { Editor: [read] }\n",
                         to: "s.yaml")
        let result = try CommandRunner.run(["lint", "s.yaml"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("s.yaml:4:15: error:"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("[grant_role_declared]"))
        #expect(result.standardOutput.contains("1 error, 0 warnings in 1 file"))
    }

    @Test func warningsPassUnlessStrict() throws {
        let folder = try TemporaryDirectory()
        try folder.write("DEFINE SCHEMA\n    RECORD TYPE Note (title STRING QUERYABLE QUERYABLE);\n", to: "n.ckdb")
        let lenient = try CommandRunner.run(["lint", "n.ckdb"], in: folder.url)
        #expect(lenient.status == 0)
        #expect(lenient.standardOutput.contains("[index_option_not_repeated]"))
        let strict = try CommandRunner.run(["lint", "--strict", "n.ckdb"], in: folder.url)
        #expect(strict.status == 1)
    }

    @Test func defaultsToTheProjectSchemaFromTheConfiguration() throws {
        let folder = try TemporaryDirectory()
        try folder.write("schema: model\n", to: "ckschema.yaml")
        try folder.write("recordTypes:\n  A:\n    grants: { Nobody: [read] }\n", to: "model/A.yaml")
        let result = try CommandRunner.run(["lint"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("model/A.yaml:3:15"), "\(result.standardOutput)")
    }

    @Test func environmentNamesMeanSnapshots() throws {
        let folder = try TemporaryDirectory()
        try folder.write("DEFINE SCHEMA\n    RECORD TYPE Note (↓\"___bogus\" STRING);\n".replacing("↓", with: ""),
                         to: "environments/production.ckdb")
        let result = try CommandRunner.run(["lint", "production"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("environments/production.ckdb:2:23"), "\(result.standardOutput)")
    }

    @Test func configurationSelectsRules() throws {
        let folder = try TemporaryDirectory()
        try folder.write("lint:\n  disable: [security]\n", to: "ckschema.yaml")
        try folder.write("recordTypes:\n  A:\n    grants: { Nobody: [read] }\n", to: "schemas/A.yaml")
        let result = try CommandRunner.run(["lint"], in: folder.url)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
    }

    @Test func unknownConfigurationKeysStopTheRun() throws {
        let folder = try TemporaryDirectory()
        try folder.write("lint:\n  disabel: [security]\n", to: "ckschema.yaml")
        try folder.write(clean, to: "schemas/Post.yaml")
        let result = try CommandRunner.run(["lint"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.standardError.contains("ckschema.yaml:2:3"), "\(result.standardError)")
        #expect(result.standardError.contains("[config_unknown_key]"))
    }

    @Test func unknownRuleNamesInTheConfigurationStopTheRun() throws {
        let folder = try TemporaryDirectory()
        try folder.write("lint:\n  disable: [grant_role_declard]\n", to: "ckschema.yaml")
        try folder.write(clean, to: "schemas/Post.yaml")
        let result = try CommandRunner.run(["lint"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.standardError.contains("did you mean 'grant_role_declared'"), "\(result.standardError)")
    }

    @Test func jsonFormatIsMachineReadable() throws {
        let folder = try TemporaryDirectory()
        try folder.write("recordTypes:\n  A:\n    grants: { Nobody: [read] }\n", to: "a.yaml")
        let result = try CommandRunner.run(["lint", "--format", "json", "a.yaml"], in: folder.url)
        #expect(result.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.first?["id"] as? String == "grant_role_declared")
    }

    @Test func usageErrorsExitTwo() throws {
        let result = try CommandRunner.run(["lint", "--format", "xml"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("xml"))
        let unknown = try CommandRunner.run(["frobnicate"])
        #expect(unknown.status == 2)
    }

    @Test func helpAndVersionExitZero() throws {
        #expect(try CommandRunner.run(["--help"]).status == 0)
        #expect(try CommandRunner.run(["--version"]).status == 0)
        #expect(try CommandRunner.run(["lint", "--help"]).standardOutput.contains("--strict"))
    }
}
