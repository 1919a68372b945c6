import CKSchemaCore
import CKSchemaModels
import CKSchemaTestSupport
import Foundation
import Testing

/// `ckschema check-models`, `models:PATH` as a schema source, and `models:` in ckschema.yaml, run as a user
/// would. SwiftData models are read by a stand-in `ckschema-check-code` (named by `CKSCHEMA_CHECK_CODE`)
/// that answers `read-models` exactly as the contract says.
@Suite("check-models and models: sources")
struct CheckModelsCommandTests {
    static let example = SharedCorpus.repositoryRoot.appendingPathComponent("Examples/CoreDataTrips")
    static let bundle = example.appendingPathComponent("Trips.xcdatamodeld").path

    /// A stand-in `ckschema-check-code`: records its arguments, then prints `result` as the JSON
    /// `read-models` prints (or fails with exit 2 and a sentence).
    static func fakeCheckCode(in folder: TemporaryDirectory, answering result: DataModelReadResult?) throws -> String {
        let json = try result.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
        try folder.write(json ?? "", to: "answer.json")
        let body = result == nil
            ? "echo 'App/Models.swift cannot be read: permission denied' >&2\nexit 2"
            : "cat \"$(dirname \"$0\")/answer.json\""
        let script = try folder.write("#!/bin/sh\nprintf '%s\\n' \"$@\" > \"$(dirname \"$0\")/arguments.txt\"\n\(body)\n",
                                      to: "ckschema-check-code")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return script.path
    }

    /// The CloudJournal `AutoSyncEntry` as SwiftData declares it: `title` neither optional nor defaulted.
    static let autoSync = DataModelReadResult(model: DataModel(entities: [
        ModelEntity(name: "AutoSyncEntry", source: .swiftData, attributes: [
            ModelAttribute(name: "title", type: .string, declaredType: "String",
                           location: SourceLocation(file: "App/Models.swift", line: 4, column: 9)),
            ModelAttribute(name: "createdAt", type: .date, declaredType: "Date", hasDefault: true,
                           location: SourceLocation(file: "App/Models.swift", line: 5, column: 9)),
        ], location: SourceLocation(file: "App/Models.swift", line: 2, column: 1)),
    ], configurations: [ModelConfiguration(cloudKit: .automatic)]), files: ["App/Models.swift"])

    @Test func convertWritesTheMaterialisedSchemaOfTheCurrentVersionAsCKDB() throws {
        let result = try CommandRunner.run(["convert", "models:\(Self.bundle)"])
        #expect(result.status == 0, "\(result.standardError)")
        let committed = try String(contentsOf: Self.example.appendingPathComponent("environments/production.ckdb"), encoding: .utf8)
        #expect(result.standardOutput == committed)
        #expect(result.standardOutput.contains("CD_nights"), "Trips 2 is the current version")
        let yaml = try CommandRunner.run(["convert", "models:\(Self.bundle)", "--to", "yaml"])
        #expect(yaml.status == 0 && yaml.standardOutput.hasPrefix("recordTypes:"))
    }

    @Test func theExampleIsCleanAgainstItsProductionExport() throws {
        let result = try CommandRunner.run(["check-models"], in: Self.example)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardError.contains("4 models against production: no problems"))
    }

    @Test func anUndeployedModelChangeIsALocatedErrorInTheXML() throws {
        let folder = try TemporaryDirectory()
        let old = "models:\(Self.bundle)/Trips.xcdatamodel"
        let v1 = try CommandRunner.run(["convert", old, "-o", folder.url.appendingPathComponent("v1.ckdb").path])
        #expect(v1.status == 0)
        let result = try CommandRunner.run(["check-models", Self.bundle, "--schema", "v1.ckdb", "--format", "json"], in: folder.url)
        #expect(result.status == 1)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let findings = try #require(document["diagnostics"] as? [[String: Any]])
        let budget = try #require(findings.first { ($0["message"] as? String)?.contains("'CD_budget'") == true })
        #expect(budget["id"] as? String == "model_field_not_deployed")
        let location = try #require(budget["location"] as? [String: Any])
        #expect((location["file"] as? String)?.hasSuffix("Trips 2.xcdatamodel/contents") == true)
        #expect(location["line"] as? Int == 6 && location["column"] as? Int == 9)
        #expect(findings.contains { $0["id"] as? String == "model_record_type_not_deployed"
            && ($0["message"] as? String)?.contains("'CD_Person'") == true })
    }

    @Test func swiftModelsAreReadThroughCheckCodeReadModels() throws {
        let folder = try TemporaryDirectory()
        try folder.write("@Model final class AutoSyncEntry {}\n", to: "App/Models.swift")
        let fake = try Self.fakeCheckCode(in: folder, answering: Self.autoSync)
        let result = try CommandRunner.run(["check-models", "App", "--format", "json"], in: folder.url,
                                           environment: ["CKSCHEMA_CHECK_CODE": fake])
        #expect(result.status == 1, "\(result.standardError)")
        let arguments = try String(contentsOf: folder.url.appendingPathComponent("arguments.txt"), encoding: .utf8)
        #expect(arguments == "read-models\nApp\n")
        #expect(result.standardOutput.contains("\"id\" : \"model_attribute_needs_default\""))
        #expect(result.standardOutput.contains("\"file\" : \"App/Models.swift\",\n        \"line\" : 4"))
        #expect(result.standardOutput.contains("\"id\" : \"model_record_type_not_deployed\""),
                "no production snapshot: an empty production holds none of it")
        let derived = try CommandRunner.run(["convert", "models:App"], in: folder.url, environment: ["CKSCHEMA_CHECK_CODE": fake])
        #expect(derived.status == 0)
        #expect(derived.standardOutput.contains("RECORD TYPE CD_AutoSyncEntry ("))
    }

    /// The guide's CloudJournal models before correction, read by the real `ckschema-check-code` built beside
    /// `ckschema`: every non-optional property without a declared value and the cache's unique constraint are
    /// errors located on their declarations (the default container mirrors every model), and the corrected
    /// example (the cache in a `.none` configuration) is clean against its own production export.
    @Test func theGuidesModelsAreCheckedThroughTheRealReader() throws {
        let root = SharedCorpus.repositoryRoot
        let fixture = "Tests/CKSchemaCodeAnalysisTests/Fixtures/SwiftDataJournal"
        let result = try CommandRunner.run(["check-models", fixture, "--schema", "models:\(fixture)", "--format", "json"],
                                           in: root)
        #expect(result.status == 1, "\(result.standardError)")
        struct Report: Decodable { let diagnostics: [DiagnosticRecord] }
        let findings = try JSONDecoder().decode(Report.self, from: Data(result.standardOutput.utf8)).diagnostics
        let located = Set(findings.filter { $0.severity == .error }.map { "\($0.id):\($0.location?.line ?? 0):\($0.location?.column ?? 0)" })
        #expect(located == Set((9...14).map { "model_attribute_needs_default:\($0):9" } + [
            "model_attribute_needs_default:28:29", "model_unique_constraint:28:29",
            "model_attribute_needs_default:29:9", "model_attribute_needs_default:30:9",
        ]))
        #expect(findings.allSatisfy { $0.location?.file.hasSuffix("SwiftDataJournal/Models.swift") ?? true })

        let corrected = try CommandRunner.run(["check-models", "--strict"],
                                              in: root.appendingPathComponent("Examples/CloudJournal/Models"))
        #expect(corrected.status == 0, "\(corrected.standardOutput)\(corrected.standardError)")
    }

    @Test func aSuppressionCommentInTheSwiftSourceSilencesAFinding() throws {
        let folder = try TemporaryDirectory()
        try folder.write("import SwiftData\n@Model final class AutoSyncEntry {\n    // ckschema:disable-next-line model_attribute_needs_default\n        var title: String\n}\n",
                         to: "App/Models.swift")
        let fake = try Self.fakeCheckCode(in: folder, answering: Self.autoSync)
        try folder.write("DEFINE SCHEMA\n", to: "empty.ckdb")
        let result = try CommandRunner.run(["check-models", "App", "--schema", "models:App"], in: folder.url,
                                           environment: ["CKSCHEMA_CHECK_CODE": fake])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
    }

    @Test func checkCodeThatCannotRunIsExitTwoWithItsSentence() throws {
        let folder = try TemporaryDirectory()
        try folder.write("@Model final class A {}\n", to: "App/Models.swift")
        let fake = try Self.fakeCheckCode(in: folder, answering: nil)
        let result = try CommandRunner.run(["check-models", "App"], in: folder.url, environment: ["CKSCHEMA_CHECK_CODE": fake])
        #expect(result.status == 2)
        #expect(result.standardError == "error: App/Models.swift cannot be read: permission denied\n")
    }

    @Test func noModelsFoundIsExitTwoSayingSo() throws {
        let folder = try TemporaryDirectory()
        try folder.write("notes\n", to: "App/README.md")
        let result = try CommandRunner.run(["check-models", "App"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.standardError.contains("no SwiftData @Model classes or Core Data entities found in 'App'"))
        let none = try CommandRunner.run(["check-models"], in: folder.url)
        #expect(none.status == 2 && none.standardError.contains("no models to check"))
    }

    @Test func brokenXMLIsALocatedFindingAndNothingIsWritten() throws {
        let folder = try TemporaryDirectory()
        try folder.write("<model>\n  <entity name=\"A\">\n</model>\n", to: "M.xcdatamodel/contents")
        let check = try CommandRunner.run(["check-models", "M.xcdatamodel"], in: folder.url)
        #expect(check.status == 1)
        #expect(check.standardOutput.contains("M.xcdatamodel/contents:3:1: error: 'M.xcdatamodel/contents' is not well-formed XML"))
        let convert = try CommandRunner.run(["convert", "models:M.xcdatamodel", "-o", "out.ckdb"], in: folder.url)
        #expect(convert.status == 1)
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("out.ckdb").path))
    }

    @Test func theProjectSchemaIsTheUnionOfModelsAndSchemaFiles() throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.copyItem(atPath: Self.bundle, toPath: folder.url.appendingPathComponent("Trips.xcdatamodeld").path)
        try folder.write("models: [Trips.xcdatamodeld]\nschema: schemas\n", to: "ckschema.yaml")
        try folder.write("recordTypes:\n  Backup:\n    database: public\n    fields: { archive: asset }\n    grants: { _world: [read] }\n",
                         to: "schemas/Backup.yaml")
        let diff = try CommandRunner.run(["diff", "--from", "production"], in: folder.url)
        #expect(diff.status == 0, "\(diff.standardOutput)\(diff.standardError)")
        #expect(diff.standardOutput.contains("Backup") && diff.standardOutput.contains("CD_Trip"))

        try folder.write("recordTypes:\n  CD_Trip:\n    fields: { CD_rating: int64 }\n", to: "schemas/Trip.yaml")
        let extended = try CommandRunner.run(["diff", "--from", "models:Trips.xcdatamodeld"], in: folder.url)
        #expect(extended.standardOutput.contains("CD_Trip\n  safe      + field 'CD_rating' INT64 ")
                && extended.standardOutput.contains(" schemas/Trip.yaml:3:15\n"),
                "the schema files extend the models' type: \(extended.standardOutput)")

        try folder.write("recordTypes:\n  CD_Trip:\n    fields: { CD_rating: int64, CD_name: bytes }\n", to: "schemas/Trip.yaml")
        let lint = try CommandRunner.run(["lint"], in: folder.url)
        #expect(lint.status == 1)
        #expect(lint.standardOutput.contains("schemas/Trip.yaml:3:42: error: field 'CD_name' of record type 'CD_Trip' is "
            + "BYTES in the schema files, and the models make it STRING"))
    }

    @Test func initAdoptsAnAppWhoseSchemaIsItsModels() throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.copyItem(atPath: Self.bundle, toPath: folder.url.appendingPathComponent("Trips.xcdatamodeld").path)
        let export = Self.example.appendingPathComponent("environments/production.ckdb").path
        let result = try CommandRunner.run(["init", "--models", "Trips.xcdatamodeld", "--production", export], in: folder.url)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("adopted 4 models (4 record types): wrote ckschema.yaml and environments/production.ckdb"))
        let config = try String(contentsOf: folder.url.appendingPathComponent("ckschema.yaml"), encoding: .utf8)
        #expect(config.contains("models: ['Trips.xcdatamodeld']"))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("schemas").path))
        let check = try CommandRunner.run(["check-models"], in: folder.url)
        #expect(check.status == 0, "\(check.standardOutput)")
        let again = try CommandRunner.run(["init", "--models", "Trips.xcdatamodeld"], in: folder.url)
        #expect(again.status == 2 && again.standardError.contains("already exists"))
    }
}
