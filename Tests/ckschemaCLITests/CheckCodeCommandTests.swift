import CKSchemaTestSupport
import Foundation
import Testing

/// `ckschema check-code` end to end: run through `ckschema` (which runs `ckschema-check-code` beside it),
/// exit codes, formats, configuration, and what happens when the subcommand is missing.
@Suite struct CheckCodeCommandTests {
    private let schema = """
        recordTypes:
          Note:
            fields:
              title: { type: string, indexes: [queryable] }
              body:  string
            systemFields: { recordID: [queryable] }
        """

    private func project(_ code: String, config: String? = nil) throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        try folder.write(schema, to: "schemas/Note.yaml")
        try folder.write(code, to: "Sources/App/Notes.swift")
        if let config { try folder.write(config, to: "ckschema.yaml") }
        return folder
    }

    @Test func theExampleAppAgainstBothEnvironments() throws {
        let root = SharedCorpus.repositoryRoot
        let development = try CommandRunner.run(["check-code", "--config", "Examples/CloudJournal/ckschema.yaml",
                                                 "--against", "development"], in: root)
        #expect(development.status == 0, "\(development.standardOutput)\(development.standardError)")
        #expect(development.standardOutput.isEmpty)
        let production = try CommandRunner.run(["check-code", "--config", "Examples/CloudJournal/ckschema.yaml"], in: root)
        #expect(production.status == 1)
        #expect(production.standardOutput.contains(
            "Examples/CloudJournal/Sources/CloudJournal/Publishing.swift:8:43: error: record type 'PublishedEntry' is not in production"))
        #expect(production.standardOutput.hasSuffix("4 errors, 0 warnings in 2 files\n"), "\(production.standardOutput)")
    }

    @Test func findingsExitOneInEveryFormat() throws {
        let folder = try project("let note = CKRecord(recordType: \"Note\")\nnote[\"order\"] = 1\n")
        let text = try CommandRunner.run(["check-code", "--schema", "schemas"], in: folder.url)
        #expect(text.status == 1)
        #expect(text.standardOutput.contains("Sources/App/Notes.swift:2:6: error: record type 'Note' has no field 'order' in schemas"))
        let json = try CommandRunner.run(["check-code", "--schema", "schemas", "--format", "json"], in: folder.url)
        let document = try #require(JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect(document["version"] as? Int == 1)
        let first = try #require((document["diagnostics"] as? [[String: Any]])?.first)
        #expect(first["id"] as? String == "code_field_missing")
        #expect(first["subject"] as? String == "Note.order")
        #expect((first["location"] as? [String: Any])?["line"] as? Int == 2)
        let github = try CommandRunner.run(["check-code", "--schema", "schemas", "--format", "github"], in: folder.url)
        #expect(github.standardOutput.contains("::error file=Sources/App/Notes.swift,line=2,col=6"))
        let sarif = try CommandRunner.run(["check-code", "--schema", "schemas", "--format", "sarif"], in: folder.url)
        #expect(sarif.standardOutput.contains("\"ruleId\" : \"code_field_missing\"") || sarif.standardOutput.contains("\"ruleId\":\"code_field_missing\""))
        #expect(sarif.standardOutput.contains("code_sort_field_not_sortable"), "the driver lists the code rules")
    }

    @Test func warningsPassUnlessStrict() throws {
        let folder = try project("""
            func read(_ note: CKRecord) -> Any? {
                guard note.recordType == "Note" else { return nil }
                return note["order"]
            }
            """)
        let lenient = try CommandRunner.run(["check-code", "--schema", "schemas"], in: folder.url)
        #expect(lenient.status == 0)
        #expect(lenient.standardOutput.contains("warning:"))
        let strict = try CommandRunner.run(["check-code", "--schema", "schemas", "--strict"], in: folder.url)
        #expect(strict.status == 1)
    }

    @Test func configurationNamesPathsAndRules() throws {
        let folder = try project("let note = CKRecord(recordType: \"Note\")\nnote[\"order\"] = 1\n",
                                 config: "code:\n  paths: [Sources/App]\n  disable: [code_field_missing]\n")
        try folder.write("let x = CKRecord(recordType: \"Elsewhere\")\n", to: "Other/Ignored.swift")
        let result = try CommandRunner.run(["check-code", "--schema", "schemas"], in: folder.url)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        try folder.write("code:\n  disable: [code_field_mising]\n", to: "ckschema.yaml")
        let typo = try CommandRunner.run(["check-code", "--schema", "schemas"], in: folder.url)
        #expect(typo.status == 2)
        #expect(typo.standardError.contains("did you mean 'code_field_missing'"), "\(typo.standardError)")
    }

    @Test func theProductionSnapshotIsTheDefaultAndAMissingOneIsEmpty() throws {
        let folder = try project("let note = CKRecord(recordType: \"Note\")\n")
        let missing = try CommandRunner.run(["check-code"], in: folder.url)
        #expect(missing.status == 1)
        #expect(missing.standardOutput.contains("record type 'Note' is not in production"))
        #expect(missing.standardOutput.contains("production is checked as an empty environment"))
        try folder.write("DEFINE SCHEMA\n    RECORD TYPE Note (title STRING);\n", to: "environments/production.ckdb")
        #expect(try CommandRunner.run(["check-code"], in: folder.url).status == 0)
    }

    /// Development creates what a save names just in time; only production refuses it, so the finding says
    /// which environment does what rather than quoting production's refusal as development's.
    @Test func aSaveMissingFromDevelopmentIsCreatedThereAndRefusedInProduction() throws {
        let folder = try project("let note = CKRecord(recordType: \"Note\")\nnote[\"order\"] = 1\n"
                                 + "let draft = CKRecord(recordType: \"Draft\")\n")
        let snapshot = "DEFINE SCHEMA\n    RECORD TYPE Note (title STRING);\n"
        try folder.write(snapshot, to: "environments/development.ckdb")
        try folder.write(snapshot, to: "environments/production.ckdb")
        let development = try CommandRunner.run(["check-code", "--against", "development"], in: folder.url)
        #expect(development.status == 1)
        #expect(development.standardOutput.contains("""
            record type 'Note' has no field 'order' in development; saving creates it there (development adds fields \
            just in time), but the same save fails in production with 'Cannot create or modify field 'order' in record \
            'Note' in production schema' until the field is deployed
            """), "\(development.standardOutput)")
        #expect(development.standardOutput.contains("""
            record type 'Draft' is not in development; saving it creates it there (development adds record types just \
            in time), but the same save fails in production with 'Cannot create new type Draft in production schema' \
            until the type is deployed
            """), "\(development.standardOutput)")
        for arguments in [["check-code"], ["check-code", "--schema", "production"]] {
            let production = try CommandRunner.run(arguments, in: folder.url)
            #expect(production.standardOutput.contains("""
                record type 'Note' has no field 'order' in production; saving fails with 'Cannot create or modify \
                field 'order' in record 'Note' in production schema'
                """), "\(arguments): \(production.standardOutput)")
            #expect(production.standardOutput.contains("""
                record type 'Draft' is not in production; saving it fails with 'Cannot create new type Draft in \
                production schema'
                """), "\(arguments): \(production.standardOutput)")
        }
        let byPath = try CommandRunner.run(["check-code", "--schema", "./environments/development.ckdb"], in: folder.url)
        #expect(byPath.standardOutput.contains("in ./environments/development.ckdb; saving creates it there"),
                "the development snapshot named by its path: \(byPath.standardOutput)")
        let files = try CommandRunner.run(["check-code", "--schema", "schemas"], in: folder.url)
        #expect(files.standardOutput.contains("in schemas; saving fails with"),
                "schema files are what gets deployed: production's refusal, \(files.standardOutput)")
    }

    @Test(arguments: [
        (["check-code", "Nowhere"], "'Nowhere' does not exist"),
        (["check-code", "schemas"], "no Swift files to check in 'schemas'"),
        (["check-code", "--against", "staging"], "--against takes an environment name"),
        (["check-code", "--against", "development", "--schema", "schemas"], "give --against or --schema, not both"),
        (["check-code", "--schema", "broken.yaml"], "the schema broken.yaml has errors"),
    ])
    func couldNotRunExitsTwo(arguments: [String], message: String) throws {
        let folder = try project("let x = 1\n")
        try folder.write("recordTypes:\n  Note:\n    fields: { a: boolean }\n", to: "broken.yaml")
        let result = try CommandRunner.run(arguments, in: folder.url)
        #expect(result.status == 2)
        #expect(result.standardError.contains(message), "\(result.standardError)")
    }

    @Test func noSwiftFilesInTheDefaultFolderExplainsWhatToDo() throws {
        let folder = try TemporaryDirectory()
        try folder.write(schema, to: "schemas/Note.yaml")
        let result = try CommandRunner.run(["check-code"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.standardError.contains("set code.paths in ckschema.yaml"), "\(result.standardError)")
    }

    @Test func helpListsExternalSubcommandsAndAMissingOneSaysHowToBuildIt() throws {
        let help = try CommandRunner.run(["--help"])
        #expect(help.standardOutput.contains("External subcommands (ckschema NAME runs ckschema-NAME): "))
        #expect(help.standardOutput.contains("check-code"))
        // A copy of ckschema alone in a folder, with an empty PATH: no ckschema-check-code anywhere.
        let folder = try TemporaryDirectory()
        let lonely = folder.url.appendingPathComponent("ckschema")
        try FileManager.default.copyItem(at: CommandRunner.executable, to: lonely)
        let run = try CommandRunner.runExecutable(lonely, ["check-code"], environment: ["PATH": ""])
        #expect(run.status == 2)
        #expect(run.standardError.contains("no 'ckschema-check-code' was found beside ckschema or on PATH"))
        #expect(run.standardError.contains("swift build --product ckschema-check-code"))
        let onPath = try CommandRunner.runExecutable(lonely, ["check-code", "--version"],
                                                     environment: ["PATH": CommandRunner.executable.deletingLastPathComponent().path])
        #expect(onPath.status == 0, "found on PATH: \(onPath.standardError)")
    }
}
