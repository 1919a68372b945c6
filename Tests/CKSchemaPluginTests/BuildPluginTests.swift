import Foundation
import PackagePlugin
import Testing
import XcodeProjectPlugin

/// `CKSchemaBuildPlugin`, entered as SwiftPM enters it (`createBuildCommands(context:target:)` with a package
/// target) and as Xcode does (with an `XcodeTarget`): the same command for the same files.
@Suite struct BuildPluginTests {
    /// What both entry points must return for the `Models` target.
    func expectedModelsCommand(_ world: FakeWorld) -> BuildCommandParts {
        let output = world.workDirectory.appendingPathComponent("GeneratedSources")
        return BuildCommandParts(
            displayName: "Generating CloudKit models for Models",
            executable: world.recorder.tools["ckschema"]!.path,
            arguments: ["generate", "swift",
                        "--schema", world.path("Sources/Models/Journal.ckschema.yaml"),
                        "--schema", world.path("Sources/Models/Tags.ckschema.yml"),
                        "--config", world.path("Sources/Models/ckschema.yaml"),
                        "--output", output.path, "--option", "file=CloudKitModels.swift"],
            inputFiles: [world.path("Sources/Models/Journal.ckschema.yaml"), world.path("Sources/Models/Tags.ckschema.yml"),
                         world.path("Sources/Models/ckschema.yaml")],
            outputFiles: [output.appendingPathComponent("CloudKitModels.swift").path])
    }

    func packageCommands(_ world: FakeWorld, _ name: String) async throws -> [BuildCommandParts] {
        let context = world.packageContext
        let target = try #require(context.package.targets.first { $0.name == name })
        return try await CKSchemaBuildPlugin().createBuildCommands(context: context, target: target)
            .map { try #require(BuildCommandParts($0)) }
    }

    func xcodeCommands(_ world: FakeWorld, _ name: String) throws -> [BuildCommandParts] {
        let context = world.xcodeContext
        let target = try #require(context.xcodeProject.targets.first { $0.displayName == name })
        return try CKSchemaBuildPlugin().createBuildCommands(context: context, target: target)
            .map { try #require(BuildCommandParts($0)) }
    }

    @Test func aTargetWithSchemaFilesGetsOneGenerateCommandInBothWorlds() async throws {
        let world = try FakeWorld()
        #expect(try await packageCommands(world, "Models") == [expectedModelsCommand(world)])
        #expect(try xcodeCommands(world, "Models") == [expectedModelsCommand(world)])
    }

    @Test(arguments: ["App", "Empty"])
    func aTargetWithoutSchemaFilesIsAnErrorNamingItInBothWorlds(_ name: String) async throws {
        let world = try FakeWorld()
        await #expect(throws: PluginError.noSchema(target: name)) { try await packageCommands(world, name) }
        #expect(throws: PluginError.noSchema(target: name)) { try xcodeCommands(world, name) }
        #expect(PluginError.noSchema(target: name).description.contains("'\(name)' has no CloudKit schema"))
    }

    @Test func aBinaryTargetGetsNoCommand() async throws {
        let world = try FakeWorld()
        #expect(try await packageCommands(world, "Prebuilt").isEmpty)
    }

    @Test func schemaFilesAnywhereInAnXcodeTargetCountAndMixingLanguagesIsAnError() throws {
        let world = try FakeWorld()
        try world.add("Widget", ["Widget/Schema/Notes.ckschema.yaml": "recordTypes: {}\n", "Widget/Widget.swift": "\n"])
        try world.add("Mixed", ["Mixed/a.ckschema.yaml": "recordTypes: {}\n", "Mixed/b.ckdb": "DEFINE SCHEMA\n"])
        try world.add("TwoDatabases", ["Two/a.ckdb": "DEFINE SCHEMA\n", "Two/b.ckdb": "DEFINE SCHEMA\n"])
        let widget = try #require(try xcodeCommands(world, "Widget").first)
        #expect(widget.inputFiles == [world.path("Widget/Schema/Notes.ckschema.yaml")])
        #expect(widget.arguments.prefix(4) == ["generate", "swift", "--schema", world.path("Widget/Schema/Notes.ckschema.yaml")])
        #expect(throws: PluginError.mixedSchemaLanguages(target: "Mixed")) { try xcodeCommands(world, "Mixed") }
        #expect(throws: PluginError.severalCKDBFiles(target: "TwoDatabases", files: ["a.ckdb", "b.ckdb"])) {
            try xcodeCommands(world, "TwoDatabases")
        }
    }

    @Test func aMissingToolIsReportedNotCrashed() throws {
        let world = try FakeWorld()
        let context = XcodePluginContext(xcodeProject: world.xcodeContext.xcodeProject,
                                         pluginWorkDirectoryURL: world.workDirectory, tools: [:])
        let target = try #require(context.xcodeProject.targets.first)
        #expect(throws: PluginContextError.toolNotFound(name: "ckschema")) {
            try CKSchemaBuildPlugin().createBuildCommands(context: context, target: target)
        }
    }
}
