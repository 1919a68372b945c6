import CKSchemaCodeAnalysis
import CKSchemaCore
import CKSchemaModels
import CKSchemaTestSupport
import Foundation
import Testing

/// The CloudJournal models: the guide's (shared corpus), the corrected example (`Examples/CloudJournal/Models`)
/// and the uncorrected fixture; and `ckschema-check-code read-models` end to end.
@Suite struct SwiftDataExampleTests {
    private static let root = SharedCorpus.repositoryRoot

    @Test(.sharedCorpus("swift/cloudjournal"))
    func theGuidesModelsAreReadLocated() throws {
        let folder = try SharedCorpus.require("swift/cloudjournal")
        let result = try SwiftDataModelReader.read(paths: [folder.path])
        #expect(Set(result.model.entities.map(\.name)) == ["AutoSyncEntry", "CachedCategory", "CachedEntry"])
        let auto = try #require(result.model.entity(named: "AutoSyncEntry"))
        #expect(auto.attributes.map(\.name) == ["title", "body", "mood", "createdAt", "modifiedAt", "isFavorite"])
        #expect(auto.attributes.map(\.type) == [.string, .string, .string, .date, .date, .boolean])
        #expect(auto.attributes.allSatisfy { !$0.isOptional && !$0.hasDefault }, "assigned in init only")
        #expect(auto.location?.file.hasSuffix("AutoSyncEntry.swift") == true)
        #expect(auto.location?.line == 6)
        #expect(auto.attributes.first?.location?.line == 7)
        for name in ["CachedEntry", "CachedCategory"] {
            let cached = try #require(result.model.entity(named: name))
            #expect(cached.uniquenessConstraints.map(\.properties) == [["recordName"]])
            #expect(cached.attributes.first { $0.name == "recordName" }?.isUnique == true)
            #expect(cached.uniquenessConstraints.first?.location?.file.hasSuffix("\(name).swift") == true)
        }
        #expect(result.model.entity(named: "CachedEntry")?.attributes.first { $0.name == "categoryRecordName" }?.isOptional == true)
        #expect(result.diagnostics.allSatisfy { $0.severity == .note }, "\(result.diagnostics.map(\.message))")
    }

    @Test func theCorrectedExampleHasDefaultsAndALocalCache() throws {
        let result = try SwiftDataModelReader.read(paths: [Self.root.appendingPathComponent("Examples/CloudJournal/Models").path])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        let auto = try #require(result.model.entity(named: "AutoSyncEntry"))
        #expect(auto.attributes.allSatisfy { $0.isOptional || $0.hasDefault })
        #expect(result.model.configurations.map(\.name) == ["Synced", "Cache"])
        #expect(result.model.configurations.map(\.cloudKit) == [.privateDatabase(container: "iCloud.com.example.CloudJournal"), .none])
        #expect(result.model.configurations.map(\.entities) == [["AutoSyncEntry"], ["CachedEntry", "CachedCategory"]])
    }

    @Test func theUncorrectedFixtureShowsWhatCloudKitRefuses() throws {
        let fixture = Self.root.appendingPathComponent("Tests/CKSchemaCodeAnalysisTests/Fixtures/SwiftDataJournal")
        let result = try SwiftDataModelReader.read(paths: [fixture.path])
        let auto = try #require(result.model.entity(named: "AutoSyncEntry"))
        #expect(auto.attributes.filter { !$0.isOptional && !$0.hasDefault }.count == 6)
        #expect(result.model.entity(named: "CachedCategory")?.uniquenessConstraints.count == 1)
        #expect(result.model.configurations.map(\.cloudKit) == [.automatic], "the default container mirrors")
        #expect(result.model.configurations.first?.entities == ["AutoSyncEntry", "CachedCategory"])
    }

    // MARK: - The executable

    private var checkCode: URL {
        CommandRunner.executable.deletingLastPathComponent().appendingPathComponent("ckschema-check-code")
    }

    @Test func readModelsPrintsTheResultAsJSON() throws {
        let folder = try TemporaryDirectory()
        let code = "@Model final class Note {\n    var title = \"\"\n    var place: Spot?\n}\n"
        try folder.write(code, to: "Models/Note.swift")
        try folder.write(Data([0x2F, 0x2F, 0xFF, 0x0A]), to: "Models/Latin1.swift")
        let path = folder.url.appendingPathComponent("Models").path
        let run = try CommandRunner.runExecutable(checkCode, ["read-models", path])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.isEmpty)
        let decoded = try JSONDecoder().decode(DataModelReadResult.self, from: Data(run.standardOutput.utf8))
        #expect(decoded.formatVersion == DataModelReadResult.formatVersion)
        #expect(decoded == (try SwiftDataModelReader.read(paths: [path])), "the JSON round-trips")
        #expect(decoded.model.entity(named: "Note")?.attributes.map(\.type) == [.string, .unresolved])
        #expect(decoded.diagnostics.map(\.id) == ["code_file_skipped", "model_type_unresolved"])
        #expect(decoded.diagnostics.first?.message.contains("not UTF-8") == true)
        #expect(decoded.files == [path + "/Note.swift"])
        #expect(run.standardOutput.hasPrefix("{\"diagnostics\":["), "sorted keys, compact")
    }

    @Test func readModelsThatCannotRunExitsTwoWithOneSentence() throws {
        let missing = try CommandRunner.runExecutable(checkCode, ["read-models", "/no/such/folder"])
        #expect(missing.status == 2)
        #expect(missing.standardOutput.isEmpty)
        #expect(missing.standardError == "error: '/no/such/folder' does not exist\n")
        let folder = try TemporaryDirectory()
        try folder.write("x", to: "model.xcdatamodel")
        let notSwift = try CommandRunner.runExecutable(checkCode, ["read-models", folder.url.appendingPathComponent("model.xcdatamodel").path])
        #expect(notSwift.status == 2)
        #expect(notSwift.standardError.contains("is not a Swift file"))
    }

    /// `ckschema-check-code --schema schemas Sources` on one file of code against a one-field schema.
    private func checkCode(on code: String) throws -> CommandRunner.Result {
        let folder = try TemporaryDirectory()
        try folder.write(code, to: "Sources/Note.swift")
        try folder.write("recordTypes:\n  Note:\n    fields:\n      title: string\n", to: "schemas/Note.yaml")
        return try CommandRunner.runExecutable(checkCode, ["--schema", folder.url.appendingPathComponent("schemas").path,
                                                           folder.url.appendingPathComponent("Sources").path])
    }

    @Test func checkCodePointsModelsToCheckModels() throws {
        let run = try checkCode(on: "@Model final class Note { var title = \"\" }\n")
        #expect(run.status == 0)
        #expect(run.standardError.contains("1 file: no CloudKit record use found; the code declares 1 SwiftData @Model class"))
        #expect(run.standardError.contains("ckschema check-models"))
    }

    @Test func aCleanCheckCodeRunSaysWhatItChecked() throws {
        let run = try checkCode(on: "let note = CKRecord(recordType: \"Note\")\nnote[\"title\"] = \"x\"\nnote[key] = 1\n")
        #expect(run.status == 0, "\(run.standardOutput)")
        #expect(run.standardError == "1 file, 3 record uses: no problems (1 not resolved)\n")
    }
}
