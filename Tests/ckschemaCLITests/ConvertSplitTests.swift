import CKSchemaCore
import CKSchemaParsing
import CKSchemaTestSupport
import Foundation
import Testing

/// `ckschema convert … -o DIR/` (or `--split`, or an existing folder): one YAML file per record type, the roles in
/// their own file, all or nothing, and never merged into other schema files.
@Suite struct ConvertSplitTests {
    private static let export = SharedCorpus.repositoryRoot.appendingPathComponent("environments/development.ckdb").path

    private func canonical(_ text: String, _ language: SchemaLanguage) -> Schema {
        SchemaLoader.parse(text, path: "x", language: language).schema.canonicalized()
    }

    @Test(arguments: [["-o", "out/"], ["-o", "out", "--split"], ["-o", "existing"]])
    func aFolderTargetGetsOneFilePerRecordType(_ arguments: [String]) throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("existing"), withIntermediateDirectories: true)
        let result = try CommandRunner.run(["convert", Self.export] + arguments, in: folder.url)
        #expect(result.status == 0, "\(result.standardError)")
        let target = arguments[1].hasSuffix("/") ? String(arguments[1].dropLast()) : arguments[1]
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent(target).path).sorted()
        #expect(names == ["Category.yaml", "EntryImage.yaml", "JournalEntry.yaml", "PublishedEntry.yaml", "Users.yaml",
                          "cloudkit.share.yaml", "roles.yaml"])
        #expect(result.standardError.contains("wrote 7 files in"))
        let back = try CommandRunner.run(["convert", target, "--to", "ckdb"], in: folder.url)
        #expect(back.status == 0)
        let original = try String(contentsOfFile: Self.export, encoding: .utf8)
        #expect(canonical(back.standardOutput, .ckdb) == canonical(original, .ckdb))
    }

    @Test func aFolderHoldingOtherSchemaFilesIsRefused() throws {
        let folder = try TemporaryDirectory()
        try folder.write("recordTypes:\n  Old: { fields: { x: string } }\n", to: "schemas/Old.yaml")
        let result = try CommandRunner.run(["convert", Self.export, "-o", "schemas"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.standardError.contains("'schemas' already holds other schema files ('Old.yaml')"))
        #expect(folder.listing() == ["schemas", "schemas/Old.yaml"])
    }

    @Test func ckdbIntoAFolderNamesTheFileToWrite() throws {
        let folder = try TemporaryDirectory()
        let result = try CommandRunner.run(["convert", "schemas", "--to", "ckdb", "-o", folder.url.path + "/"],
                                           in: SharedCorpus.repositoryRoot)
        #expect(result.status == 2)
        #expect(result.standardError.contains("a .ckdb schema is one file"))
        #expect(folder.listing().isEmpty)
    }
}
