import CKSchemaCore
import CKSchemaTestSupport
import Foundation
import Testing

/// `ckschema check-models --since REF`, `models.shipped` in ckschema.yaml, and `--previous-version` /
/// `--all-versions`, run as a user would, in throwaway git repositories.
@Suite("check-models against the version that shipped")
struct CheckModelsSinceTests {
    static let bundle = CheckModelsCommandTests.bundle
    static let current = "Trips.xcdatamodeld/Trips 2.xcdatamodel/contents"

    struct Report: Decodable { let diagnostics: [DiagnosticRecord] }

    static func findings(_ output: String) throws -> [DiagnosticRecord] {
        try JSONDecoder().decode(Report.self, from: Data(output.utf8)).diagnostics
    }

    /// A repository whose first commit (tagged `v1`) holds the example's models.
    static func shippedRepository() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        try FileManager.default.copyItem(atPath: bundle, toPath: folder.url.appendingPathComponent("Trips.xcdatamodeld").path)
        try Git.initialize(folder.url)
        try Git.commit(folder.url, "v1")
        try Git.run(["tag", "v1"], in: folder.url)
        return folder
    }

    /// `enum NAME: VersionedSchema` at `version`, declaring `@Model final class Trip` with `properties`.
    static func versionedSchema(_ name: String, _ version: Int, _ properties: String) -> String {
        "enum \(name): VersionedSchema {\n    static var versionIdentifier = Schema.Version(\(version), 0, 0)\n"
            + "    static var models: [any PersistentModel.Type] { [Trip.self] }\n"
            + "    @Model final class Trip {\n        \(properties)\n    }\n}\n"
    }

    static func edit(_ folder: TemporaryDirectory, _ from: String, _ to: String) throws {
        try edit(folder, in: current, from, to)
    }

    static func edit(_ folder: TemporaryDirectory, in path: String, _ from: String, _ to: String) throws {
        let url = folder.url.appendingPathComponent(path)
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains(from))
        try text.replacing(from, with: to).write(to: url, atomically: true, encoding: .utf8)
    }

    @Test func aRenameAndARetypeSinceTheTagAreErrorsLocatedInBothVersions() throws {
        let folder = try Self.shippedRepository()
        try Self.edit(folder, "<attribute name=\"title\" optional=\"YES\" attributeType=\"String\"/>",
                      "<attribute name=\"heading\" optional=\"YES\" attributeType=\"String\" elementID=\"title\"/>")
        try Self.edit(folder, "attributeType=\"Integer 16\" defaultValueString=\"0\"", "attributeType=\"String\" defaultValueString=\"0\"")
        let status = try Git.run(["status", "--porcelain"], in: folder.url)
        let result = try CommandRunner.run(["check-models", "Trips.xcdatamodeld", "--since", "v1", "--format", "json"], in: folder.url)
        #expect(result.status == 1, "\(result.standardError)")
        let findings = try Self.findings(result.standardOutput)
        let renamed = try #require(findings.first { $0.id == "model_property_renamed" })
        #expect(renamed.location == SourceLocation(file: Self.current, line: 14, column: 9))
        #expect(renamed.notes.first?.location == SourceLocation(file: "git:v1:\(Self.current)", line: 14, column: 9))
        #expect(renamed.message.contains("'Stop.title' is renamed to 'Stop.heading'"))
        let retyped = try #require(findings.first { $0.id == "model_field_type_changed" })
        #expect(retyped.message.contains("from Integer 16 (INT64) to String (STRING)"))
        #expect(try Git.run(["status", "--porcelain"], in: folder.url) == status, "nothing checked out")

        // The same from the configuration, with no flags, and in text with the shipped line shown.
        try folder.write("models:\n  paths: [Trips.xcdatamodeld]\n  shipped: v1\n", to: "ckschema.yaml")
        let configured = try CommandRunner.run(["check-models"], in: folder.url)
        #expect(configured.status == 1)
        #expect(configured.standardOutput.contains("\(Self.current):14:9: error: attribute 'Stop.title' is renamed"))
        #expect(configured.standardOutput.contains("git:v1:\(Self.current):14:9: note: as shipped in v1: 'Stop.title', String (STRING)"))
    }

    @Test func additiveChangesGiveNoError() throws {
        let folder = try Self.shippedRepository()
        try Self.edit(folder, "<attribute name=\"license\" optional=\"YES\" attributeType=\"String\"/>",
                      "<attribute name=\"license\" optional=\"YES\" attributeType=\"String\"/>\n"
                        + "        <attribute name=\"phone\" optional=\"YES\" attributeType=\"String\"/>")
        let result = try CommandRunner.run(["check-models", "Trips.xcdatamodeld", "--since", "v1", "--schema", "models:Trips.xcdatamodeld"],
                                           in: folder.url)
        #expect(result.status == 0, "\(result.standardOutput)")
        #expect(result.standardError.contains("4 models against models:Trips.xcdatamodeld (since v1): no problems"))
    }

    @Test(arguments: [
        (["--since", "no-such-tag"], "error: unknown git revision 'no-such-tag'\n"),
        (["--since=-x"], "error: '-x' is not a git revision\n"),
    ])
    func aRevisionThatDoesNotExistIsExitTwo(arguments: [String], message: String) throws {
        let folder = try Self.shippedRepository()
        let result = try CommandRunner.run(["check-models", "Trips.xcdatamodeld"] + arguments, in: folder.url)
        #expect(result.status == 2)
        #expect(result.standardError.hasSuffix(message), "\(result.standardError)")
    }

    @Test func aPathMissingOrBrokenAtTheRevisionIsExitTwoNamingIt() throws {
        let folder = try Self.shippedRepository()
        try FileManager.default.moveItem(at: folder.url.appendingPathComponent("Trips.xcdatamodeld"),
                                         to: folder.url.appendingPathComponent("Model.xcdatamodeld"))
        let missing = try CommandRunner.run(["check-models", "Model.xcdatamodeld", "--since", "v1"], in: folder.url)
        #expect(missing.status == 2)
        #expect(missing.standardError.hasSuffix("error: 'Model.xcdatamodeld' does not exist at git revision 'v1'\n"))

        try folder.write("<model>\n  <entity name=\"A\">\n</model>\n", to: "Model.xcdatamodeld/Broken.xcdatamodel/contents")
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("Model.xcdatamodeld/.xccurrentversion"))
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("Model.xcdatamodeld/Trips.xcdatamodel"))
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("Model.xcdatamodeld/Trips 2.xcdatamodel"))
        try Git.commit(folder.url, "broken")
        try FileManager.default.copyItem(atPath: Self.bundle, toPath: folder.url.appendingPathComponent("Trips.xcdatamodeld").path)
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("Model.xcdatamodeld"))
        try FileManager.default.moveItem(at: folder.url.appendingPathComponent("Trips.xcdatamodeld"),
                                         to: folder.url.appendingPathComponent("Model.xcdatamodeld"))
        let broken = try CommandRunner.run(["check-models", "Model.xcdatamodeld", "--since", "HEAD"], in: folder.url)
        #expect(broken.status == 2)
        #expect(broken.standardError.contains("git:HEAD:Model.xcdatamodeld/Broken.xcdatamodel/contents:3:1: error:"),
                "\(broken.standardError)")
        #expect(broken.standardError.hasSuffix("error: the models at git revision 'HEAD' cannot be read (see above)\n"))
    }

    @Test func outsideARepositoryTheRevisionCannotBeRead() throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.copyItem(atPath: Self.bundle, toPath: folder.url.appendingPathComponent("Trips.xcdatamodeld").path)
        let result = try CommandRunner.run(["check-models", "Trips.xcdatamodeld", "--since", "v1"], in: folder.url,
                                           environment: ["GIT_CEILING_DIRECTORIES": folder.url.deletingLastPathComponent().path])
        #expect(result.status == 2)
        #expect(result.standardError.contains("needs a git repository"))
    }

    @Test func swiftModelsAreComparedThroughTheRealReader() throws {
        let folder = try TemporaryDirectory()
        let model = "import SwiftData\n\n@Model final class Trip {\n    var name: String = \"\"\n    var rating: Int = 0\n}\n"
        try folder.write(model, to: "App/Models/Trip.swift")
        try Git.initialize(folder.url)
        try Git.commit(folder.url, "v1")
        try folder.write(model.replacing("var rating: Int = 0", with: "@Attribute(originalName: \"rating\") var score: Int = 0"),
                         to: "App/Models/Trip.swift")
        let result = try CommandRunner.run(["check-models", "App/Models", "--since", "HEAD", "--schema", "models:App/Models",
                                            "--format", "json"], in: folder.url)
        #expect(result.status == 1, "\(result.standardError)")
        let renamed = try #require(try Self.findings(result.standardOutput).first { $0.id == "model_property_renamed" })
        #expect(renamed.location == SourceLocation(file: "App/Models/Trip.swift", line: 5, column: 44))
        #expect(renamed.notes.first?.location == SourceLocation(file: "git:HEAD:App/Models/Trip.swift", line: 5, column: 9))
    }

    @Test func theVersionsInsideTheBundleAreComparedWithoutGit() throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.copyItem(atPath: Self.bundle, toPath: folder.url.appendingPathComponent("Trips.xcdatamodeld").path)
        let previous = try CommandRunner.run(["check-models", "Trips.xcdatamodeld", "--previous-version", "--schema",
                                              "models:Trips.xcdatamodeld"], in: folder.url)
        #expect(previous.status == 0, "\(previous.standardOutput)")
        #expect(previous.standardError.contains("(1 model version step)"))

        // Trips 3 renames with an identifier and becomes current; Trips 2 → 3 is judged, Trips → 2 stays clean.
        let three = folder.url.appendingPathComponent("Trips.xcdatamodeld/Trips 3.xcdatamodel")
        try FileManager.default.copyItem(at: folder.url.appendingPathComponent("Trips.xcdatamodeld/Trips 2.xcdatamodel"), to: three)
        try Self.edit(folder, in: "Trips.xcdatamodeld/Trips 3.xcdatamodel/contents",
                      "<attribute name=\"title\" optional=\"YES\" attributeType=\"String\"/>",
                      "<attribute name=\"heading\" optional=\"YES\" attributeType=\"String\" elementID=\"title\"/>")
        try Self.edit(folder, in: "Trips.xcdatamodeld/.xccurrentversion", "Trips 2.xcdatamodel", "Trips 3.xcdatamodel")
        let all = try CommandRunner.run(["check-models", "Trips.xcdatamodeld", "--all-versions", "--schema",
                                         "models:Trips.xcdatamodeld", "--format", "json"], in: folder.url)
        #expect(all.status == 1)
        let findings = try Self.findings(all.standardOutput).filter { $0.id == "model_property_renamed" }
        #expect(findings.map(\.location?.file) == ["Trips.xcdatamodeld/Trips 3.xcdatamodel/contents"])
        #expect(findings.first?.notes.first?.message.contains("as shipped in Trips 2.xcdatamodel") == true)
    }

    @Test func diffShowsTheModelChangeBesideTheSchemaChangeItMakes() throws {
        let folder = try Self.shippedRepository()
        try Self.edit(folder, "<attribute name=\"title\" optional=\"YES\" attributeType=\"String\"/>",
                      "<attribute name=\"heading\" optional=\"YES\" attributeType=\"String\" elementID=\"title\"/>")
        try Self.edit(folder, "deletionRule=\"Nullify\" destinationEntity=\"Trip\" inverseName=\"stops\"",
                      "deletionRule=\"Cascade\" destinationEntity=\"Trip\" inverseName=\"stops\"")
        let text = try CommandRunner.run(["diff", "--from", "models:git:v1:Trips.xcdatamodeld", "--to", "models:Trips.xcdatamodeld"],
                                         in: folder.url)
        #expect(text.status == 1, "\(text.standardError)")
        #expect(text.standardOutput.contains("baseline:  models:git:v1:Trips.xcdatamodeld"))
        let lines = text.standardOutput.split(separator: "\n").map(String.init)
        let deletion = try #require(lines.firstIndex { $0.contains("- field 'CD_title' STRING") })
        let model = try #require(lines.firstIndex { $0.hasPrefix("  model     attribute 'Stop.title' renamed to 'Stop.heading'") })
        #expect(model > deletion && !lines[deletion..<model].contains { $0.hasPrefix("CD_") }, "under CD_Stop")
        #expect(lines.contains { $0.hasPrefix("  model     relationship 'Stop.trip' delete rule changed: nullify → cascade") })

        let json = try CommandRunner.run(["diff", "--from", "models:git:v1:Trips.xcdatamodeld", "--to", "models:Trips.xcdatamodeld",
                                          "--format", "json"], in: folder.url)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let changes = try #require(document["modelChanges"] as? [[String: Any]])
        #expect(changes.map { $0["recordType"] as? String } == ["CD_Stop", "CD_Stop"])
        #expect((changes.first?["change"] as? [String: Any])?["kind"] as? String == "renamed")

        let schemas = try CommandRunner.run(["diff", "--from", "production", "--to", "models:Trips.xcdatamodeld", "--format", "json"],
                                            in: folder.url)
        #expect(!schemas.standardOutput.contains("modelChanges"), "only between two models")
    }

    @Test func theVersionedSchemasOfAMigrationPlanAreComparedInItsOrder() throws {
        let folder = try TemporaryDirectory()
        func schema(_ name: String, _ version: Int, _ rating: String) -> String {
            Self.versionedSchema(name, version, "var name: String = \"\"\n        \(rating)")
        }
        // Declared out of order: the plan's order decides.
        try folder.write("import SwiftData\n" + schema("SchemaV3", 3, "var score: String = \"\"")
            + schema("SchemaV1", 1, "var rating: Int = 0")
            + schema("SchemaV2", 2, "@Attribute(originalName: \"rating\") var score: Int = 0")
            + "enum Plan: SchemaMigrationPlan {\n    static var schemas: [any VersionedSchema.Type] { [SchemaV1.self, SchemaV2.self, SchemaV3.self] }\n"
            + "    static var stages: [MigrationStage] { [] }\n}\n", to: "App/Schema.swift")
        try folder.write("DEFINE SCHEMA\n", to: "empty.ckdb")
        func ids(_ flag: String) throws -> [String] {
            let result = try CommandRunner.run(["check-models", "App", flag, "--schema", "empty.ckdb", "--format", "json"], in: folder.url)
            #expect(result.status == 1, "\(result.standardError)")
            return try Self.findings(result.standardOutput).filter { $0.notes.contains { $0.message.hasPrefix("as shipped in") } }
                .map { "\($0.id) \($0.notes.first?.message.split(separator: ":").first ?? "")" }
        }
        #expect(try ids("--previous-version") == ["model_field_type_changed as shipped in SchemaV2"])
        #expect(try ids("--all-versions").sorted()
            == ["model_field_type_changed as shipped in SchemaV2", "model_property_renamed as shipped in SchemaV1"])
    }

    @Test func aShippedVersionedSchemaEditedRemovedOrDuplicatedIsAnError() throws {
        let folder = try TemporaryDirectory()
        let schema = Self.versionedSchema
        func plan(_ schemas: String) -> String {
            "enum Plan: SchemaMigrationPlan {\n    static var schemas: [any VersionedSchema.Type] { [\(schemas)] }\n"
                + "    static var stages: [MigrationStage] { [] }\n}\n"
        }
        try folder.write("import SwiftData\n" + schema("SchemaV1", 1, "var name: String = \"\"")
            + schema("SchemaV2", 2, "var name: String = \"\"\n        var notes: String?") + plan("SchemaV1.self, SchemaV2.self"),
            to: "App/Schema.swift")
        try folder.write("DEFINE SCHEMA\n", to: "empty.ckdb")
        try Git.initialize(folder.url)
        try Git.commit(folder.url, "v1")
        // V1 is edited in place, V2 is gone, and V3 repeats V1's shipped models.
        try folder.write("import SwiftData\n" + schema("SchemaV1", 1, "var name: String = \"\"\n        var rating: Int = 0")
            + schema("SchemaV3", 3, "var name: String = \"\"") + schema("SchemaV4", 4, "var name: String = \"\"")
            + plan("SchemaV1.self, SchemaV3.self, SchemaV4.self"), to: "App/Schema.swift")
        let result = try CommandRunner.run(["check-models", "App", "--since", "HEAD", "--schema", "empty.ckdb", "--format", "json"],
                                           in: folder.url)
        #expect(result.status == 1, "\(result.standardError)")
        let findings = try Self.findings(result.standardOutput).filter { $0.id.hasPrefix("model_versioned_schema") }
        #expect(findings.map(\.id).sorted()
            == ["model_versioned_schema_duplicate", "model_versioned_schema_edited", "model_versioned_schema_removed"])
        let edited = try #require(findings.first { $0.id == "model_versioned_schema_edited" })
        #expect(edited.message.contains("'SchemaV1' shipped in HEAD") && edited.message.contains("attribute 'Trip.rating' added"))
        #expect(edited.location?.file == "App/Schema.swift" && edited.location?.line == 7)
        let removed = try #require(findings.first { $0.id == "model_versioned_schema_removed" })
        #expect(removed.location?.file == "git:HEAD:App/Schema.swift")
        #expect(findings.first { $0.id == "model_versioned_schema_duplicate" }?.message.contains("'SchemaV3' and 'SchemaV4'") == true)
    }

    @Test func aNewCustomMigrationIsAWarningAndOneThatShippedIsNot() throws {
        let folder = try TemporaryDirectory()
        let plan = { (stages: [String]) in
            Self.versionedSchema("SchemaV1", 1, "var name: String = \"\"") + Self.versionedSchema("SchemaV2", 2, "var name: String = \"\"\n        var notes: String?")
                + "enum Plan: SchemaMigrationPlan {\n    static var schemas: [any VersionedSchema.Type] { [SchemaV1.self, SchemaV2.self] }\n"
                + "    static var stages: [MigrationStage] { [\(stages.joined(separator: ", "))] }\n"
                + stages.map { "    static let \($0) = MigrationStage.custom(fromVersion: SchemaV1.self, toVersion: SchemaV2.self, "
                    + "willMigrate: nil, didMigrate: nil)\n" }.joined() + "}\n"
        }
        try folder.write("import SwiftData\n" + plan(["migrateV1toV2"]), to: "App/Schema.swift")
        try FileManager.default.copyItem(atPath: Self.bundle, toPath: folder.url.appendingPathComponent("App/Trips.xcdatamodeld").path)
        try folder.write("DEFINE SCHEMA\n", to: "empty.ckdb")
        try Git.initialize(folder.url)
        try Git.commit(folder.url, "v1")
        func warnings() throws -> [String] {
            let result = try CommandRunner.run(["check-models", "App", "--since", "HEAD", "--schema", "empty.ckdb", "--format", "json"],
                                               in: folder.url)
            #expect(result.status <= 1, "\(result.standardError)")
            return try Self.findings(result.standardOutput).filter { $0.id == "model_custom_migration" }.map(\.message)
        }
        #expect(try warnings().isEmpty, "the custom stage shipped")
        try folder.write("<mapping/>\n", to: "App/Trips1to2.xcmappingmodel/xcmapping.xml")
        let found = try warnings()
        #expect(found.count == 1 && found.first?.hasPrefix("'Trips1to2.xcmappingmodel' is a custom migration") == true, "\(found)")
        try folder.write("import SwiftData\n" + plan(["migrateV1toV2", "cleanUp"]), to: "App/Schema.swift")
        #expect(try warnings().filter { $0.hasPrefix("'Plan.cleanUp' is a custom migration") }.count == 1)
    }
}
