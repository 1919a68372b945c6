import CKSchemaTestSupport
import Foundation
import Testing

/// `ckschema diff` end to end: the example project, exit codes, formats, configuration and `git:` sources.
@Suite struct DiffCommandTests {
    static let baseline = """
        DEFINE SCHEMA
            RECORD TYPE Note (
                "___recordID" REFERENCE QUERYABLE,
                body STRING,
                title STRING QUERYABLE,
                GRANT READ TO "_world"
            );
        """

    @Test func exampleProjectIsOneAdditiveStepAheadOfProduction() throws {
        let result = try CommandRunner.run(["diff"], in: SharedCorpus.repositoryRoot)
        #expect(result.status == 0, "\(result.standardError)")
        let rows = result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
        #expect(rows.map { $0.split(separator: " ", omittingEmptySubsequences: true).prefix(3).joined(separator: " ") } == [
            "safe + role", "safe + index", "safe + field", "safe + record",
        ])
        #expect(result.standardOutput.contains("+ role 'Moderator'"))
        #expect(result.standardOutput.contains("+ field 'place' LOCATION"))
        #expect(result.standardOutput.contains("+ record type 'PublishedEntry' (7 fields, 4 grants)"))
        #expect(result.standardOutput.contains("+ index QUERYABLE on 'mood'"))
        #expect(result.standardOutput.hasSuffix("\n4 changes: 0 breaking, 0 warnings, 4 safe; deployable\nnote: 4 additions "
            + "are safe; additions reach production only through the CloudKit Console's \"Deploy Schema Changes\" (which "
            + "deploys what development holds)\n"))
        #expect(result.standardError.isEmpty)
    }

    @Test func docsShowTheExampleProjectsRealOutput() throws {
        let docs = try String(contentsOf: SharedCorpus.repositoryRoot.appendingPathComponent("docs/diff.md"), encoding: .utf8)
        let section = try #require(docs.range(of: "### `text` (default)\n\n```\n"))
        let end = try #require(docs[section.upperBound...].range(of: "```\n"))
        let result = try CommandRunner.run(["diff"], in: SharedCorpus.repositoryRoot)
        #expect(String(docs[section.upperBound..<end.lowerBound]) == result.standardOutput,
                "docs/diff.md's text example is stale")
    }

    @Test func exitCodeFlagFailsOnAnyChangeButNotOnNone() throws {
        let changed = try CommandRunner.run(["diff", "--exit-code"], in: SharedCorpus.repositoryRoot)
        #expect(changed.status == 1)
        let same = try CommandRunner.run(["diff", "--from", "development", "--exit-code"], in: SharedCorpus.repositoryRoot)
        #expect(same.status == 0)
        #expect(same.standardOutput.hasSuffix("\nno changes\n"))
    }

    @Test func breakingChangeExitsOneInEveryFormat() throws {
        let folder = try TemporaryDirectory()
        try folder.write(Self.baseline, to: "base.ckdb")
        try folder.write("recordTypes:\n  Note:\n    fields: { title: int64 }\n    grants: { _world: [read] }\n",
                         to: "target.yaml")
        for format in ["text", "json", "markdown", "github"] {
            let result = try CommandRunner.run(["diff", "--from", "base.ckdb", "--to", "target.yaml", "--format", format],
                                               in: folder.url)
            #expect(result.status == 1, "\(format): \(result.standardError)")
            #expect(result.standardOutput.contains("field_no_delete"), "\(format)")
            #expect(result.standardOutput.contains("field_same_type"), "\(format)")
        }
        let json = try CommandRunner.run(["diff", "--from", "base.ckdb", "--to", "target.yaml", "--format", "json"],
                                         in: folder.url)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect(document["deployable"] as? Bool == false)
        #expect((document["summary"] as? [String: Int]) == ["changes": 4, "breaking": 2, "warnings": 2, "safe": 0])
        let github = try CommandRunner.run(["diff", "--from", "base.ckdb", "--to", "target.yaml", "--format", "github"],
                                           in: folder.url)
        #expect(github.standardOutput.contains("::error file=target.yaml,line=3,col=22,title=field_same_type::"))
    }

    @Test func indexRemovalSeverityComesFromTheConfiguration() throws {
        let folder = try TemporaryDirectory()
        try folder.write(Self.baseline, to: "base.ckdb")
        try folder.write(Self.baseline.replacing("title STRING QUERYABLE", with: "title STRING"), to: "target.ckdb")
        let lenient = try CommandRunner.run(["diff", "--from", "base.ckdb", "--to", "target.ckdb"], in: folder.url)
        #expect(lenient.status == 0)
        #expect(lenient.standardOutput.contains("warning: index QUERYABLE on field 'title'"))
        try folder.write("diff:\n  indexRemoval: error\n", to: "ckschema.yaml")
        let strict = try CommandRunner.run(["diff", "--from", "base.ckdb", "--to", "target.ckdb"], in: folder.url)
        #expect(strict.status == 1)
        #expect(strict.standardOutput.contains("error: index QUERYABLE on field 'title'"))
    }

    @Test func gitRevisionsOfFoldersAndFilesAreReadWithoutTouchingTheWorkingTree() throws {
        let folder = try TemporaryDirectory()
        try Git.initialize(folder.url)
        try folder.write("recordTypes:\n  Note:\n    fields: { title: string, body: string }\n", to: "app/schemas/Note.yaml")
        try folder.write("recordTypes:\n  Tag:\n    fields: { name: string }\n", to: "app/schemas/Tag.yml")
        try folder.write("not: [a, schema\n", to: "app/schemas/.drafts/broken.yaml")
        try folder.write("ignored", to: "app/schemas/README.md")
        try Git.commit(folder.url, "v1")
        try folder.write("recordTypes:\n  Note:\n    fields: { title: string, text: string }\n", to: "app/schemas/Note.yaml")
        try Git.commit(folder.url, "v2")
        try folder.write("recordTypes:\n  Note:\n    fields: { title: string, text: string, place: location }\n",
                         to: "app/schemas/Note.yaml")
        let app = folder.url.appendingPathComponent("app")
        let statusBefore = try Git.run(["status", "--porcelain"], in: folder.url)

        let folderDiff = try CommandRunner.run(["diff", "--from", "git:HEAD~1:schemas", "--to", "schemas"], in: app)
        #expect(folderDiff.status == 1, "\(folderDiff.standardError)")
        #expect(folderDiff.standardOutput.contains("baseline:  git:HEAD~1:schemas (2 files)"))
        #expect(folderDiff.standardOutput.contains("- field 'body' STRING"))
        #expect(folderDiff.standardOutput.contains("git:HEAD~1:schemas/Note.yaml:3:30"))
        #expect(folderDiff.standardOutput.contains("+ field 'place' LOCATION"))
        #expect(!folderDiff.standardOutput.contains("- record type 'Tag'"))

        let fileDiff = try CommandRunner.run(["diff", "--from", "git:HEAD:./schemas/Note.yaml", "--to", "schemas/Note.yaml"],
                                             in: app)
        #expect(fileDiff.status == 0, "\(fileDiff.standardError)")
        #expect(fileDiff.standardOutput.contains("\n1 change: 0 breaking, 0 warnings, 1 safe; deployable\n"))

        let betweenRevisions = try CommandRunner.run(
            ["diff", "--from", "git:HEAD~1:app/schemas/", "--to", "git:HEAD:app/schemas", "--format", "json"], in: folder.url)
        #expect(betweenRevisions.standardOutput.contains("\"file\" : \"git:HEAD:app/schemas/Note.yaml\""))
        #expect(try Git.run(["status", "--porcelain"], in: folder.url) == statusBefore)
    }

    struct BadInput: Sendable, CustomTestStringConvertible {
        let name: String
        let arguments: [String]
        let message: String
        var testDescription: String { name }
    }

    static let badInputs: [BadInput] = [
        BadInput(name: "unparsable baseline", arguments: ["--from", "bad.yaml", "--to", "good.yaml"],
                 message: "bad.yaml:3:22: error: unknown type 'boolean'; did you mean 'bool'? [schema_unknown_type]"),
        BadInput(name: "unparsable candidate", arguments: ["--from", "good.yaml", "--to", "bad.ckdb"],
                 message: "error: the candidate 'bad.ckdb' could not be read without errors, so nothing was compared"),
        BadInput(name: "unknown environment", arguments: ["--from", "staging", "--to", "good.yaml"],
                 message: "error: unknown environment 'staging'; name development or production, a schema file or folder, or git:REVISION:PATH\n"),
        BadInput(name: "missing file", arguments: ["--from", "good.yaml", "--to", "nope.yaml"],
                 message: "error: 'nope.yaml' does not exist\n"),
        BadInput(name: "unknown revision", arguments: ["--from", "git:no-such-branch:good.yaml", "--to", "good.yaml"],
                 message: "error: unknown git revision 'no-such-branch'\n"),
        BadInput(name: "path missing at revision", arguments: ["--from", "git:HEAD:gone.yaml", "--to", "good.yaml"],
                 message: "error: 'gone.yaml' does not exist at git revision 'HEAD'\n"),
        BadInput(name: "malformed git source", arguments: ["--from", "git:HEAD", "--to", "good.yaml"],
                 message: "error: 'git:HEAD' is not of the form git:REVISION:PATH (for example git:main:schemas)\n"),
        BadInput(name: "option-like revision", arguments: ["--from", "git:--output=x:good.yaml", "--to", "good.yaml"],
                 message: "error: '--output=x' is not a git revision\n"),
    ]

    @Test(arguments: badInputs)
    func badInputExitsTwoWithOneClearMessage(_ input: BadInput) throws {
        let folder = try TemporaryDirectory()
        try Git.initialize(folder.url)
        try folder.write("recordTypes:\n  Note:\n    fields: { title: string }\n", to: "good.yaml")
        try Git.commit(folder.url, "v1")
        try folder.write("recordTypes:\n  Note:\n    fields: { title: boolean }\n", to: "bad.yaml")
        try folder.write("DEFINE SCHEMA\n    RECORD TYPE Note (title STRIN);\n", to: "bad.ckdb")
        let result = try CommandRunner.run(["diff"] + input.arguments, in: folder.url, timeout: 30)
        #expect(result.status == 2, "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains(input.message), "\(result.standardError)")
        #expect(!result.standardError.contains("Fatal error"))
        #expect(!folder.listing().contains("x"))
    }

    @Test func gitSourceOutsideARepositoryIsOneSentence() throws {
        let folder = try TemporaryDirectory()
        try folder.write("recordTypes:\n  Note:\n    fields: { title: string }\n", to: "good.yaml")
        let result = try CommandRunner.run(["diff", "--from", "git:HEAD:good.yaml", "--to", "good.yaml"], in: folder.url,
                                           environment: ["GIT_CEILING_DIRECTORIES": folder.url.deletingLastPathComponent().path])
        #expect(result.status == 2)
        #expect(result.standardError == "error: 'git:HEAD:good.yaml' needs a git repository, and the current folder is not in one\n")
    }
}

/// Runs git for test setup (never through a shell).
enum Git {
    static func initialize(_ folder: URL) throws {
        _ = try run(["init", "-q"], in: folder)
    }

    static func commit(_ folder: URL, _ message: String) throws {
        _ = try run(["add", "-A"], in: folder)
        _ = try run(["-c", "user.name=ckschema", "-c", "user.email=test@example.com", "commit", "-q", "-m", message], in: folder)
    }

    @discardableResult
    static func run(_ arguments: [String], in folder: URL) throws -> String {
        try CommandRunner.output(of: "git", arguments, in: folder)
    }
}
