import CKSchemaTestSupport
import Foundation
import PackagePlugin
import Testing
import XcodeProjectPlugin

/// The command plugins entered as SwiftPM enters them (`performCommand(context:arguments:)` with a package)
/// and as Xcode's project menu does (with the project, the chosen targets as `--target`): they run the same
/// tools with the same arguments in the same folder, which the recording tools log.
@Suite struct CommandPluginTests {
    enum World { case package, xcode }

    /// Runs `plugin` from `world` with `arguments`; returns what it ran, or rethrows what it threw.
    func perform(_ plugin: some CommandPlugin & XcodeCommandPlugin, from world: World, in fake: FakeWorld,
                 _ arguments: [String]) async throws -> [String] {
        switch world {
        case .package: try await plugin.performCommand(context: fake.packageContext, arguments: arguments)
        case .xcode: try plugin.performCommand(context: fake.xcodeContext, arguments: arguments)
        }
        return rendered(try fake.recorder.takeRuns())
    }

    /// Both worlds: the same runs, which are returned.
    func performInBoth(_ plugin: some CommandPlugin & XcodeCommandPlugin, _ fake: FakeWorld,
                       _ arguments: [String]) async throws -> [String] {
        let package = try await perform(plugin, from: .package, in: fake, arguments)
        let xcode = try await perform(plugin, from: .xcode, in: fake, arguments)
        #expect(package == xcode)
        return package
    }

    // MARK: lint-cloudkit-schema

    @Test func lintWithoutTargetsLintsEveryTargetHoldingSchemaFiles() async throws {
        let fake = try FakeWorld()
        let runs = try await performInBoth(CKSchemaLintPlugin(), fake, ["--strict"])
        #expect(runs == [run("ckschema", in: fake.root, [
            "lint", fake.path("Sources/Models/Journal.ckschema.yaml"), fake.path("Sources/Models/Tags.ckschema.yml"),
            "--config", fake.path("Sources/Models/ckschema.yaml"), "--strict",
        ])])
    }

    @Test func lintWithAProjectConfigurationLintsTheProjectSchema() async throws {
        let fake = try FakeWorld()
        try fake.folder.write("schemas: [schemas]\n", to: "ckschema.yaml")
        let runs = try await performInBoth(CKSchemaLintPlugin(), fake, ["--format", "github"])
        #expect(runs == [run("ckschema", in: fake.root, ["lint", "--format", "github"])])
    }

    @Test func lintOfANamedTargetWithoutSchemaIsAnErrorAndAnUnknownTargetToo() async throws {
        let fake = try FakeWorld()
        for world in [World.package, .xcode] {
            await #expect(throws: PluginError.noSchema(target: "App")) {
                try await perform(CKSchemaLintPlugin(), from: world, in: fake, ["--target", "App"])
            }
            await #expect(throws: PluginError.unknownTarget("Nope")) {
                try await perform(CKSchemaLintPlugin(), from: world, in: fake, ["--target=Nope"])
            }
            #expect(try fake.recorder.takeRuns().isEmpty)
        }
    }

    @Test func lintRunsEveryTargetBeforeFailing() async throws {
        let fake = try FakeWorld()
        try fake.add("Broken", ["Sources/Broken/Broken.ckschema.yaml": "recordTypes: [\n"])
        for world in [World.package, .xcode] {
            await #expect(throws: PluginError.self) {
                try await perform(CKSchemaLintPlugin(), from: world, in: fake, [])
            }
            let runs = rendered(try fake.recorder.takeRuns())
            #expect(runs.count == 2)
            #expect(runs.last == run("ckschema", in: fake.root, ["lint", fake.path("Sources/Broken/Broken.ckschema.yaml")]))
        }
    }

    // MARK: generate-cloudkit-models

    @Test func generateWritesEachSchemaTargetsModelsIntoItsGeneratedFolder() async throws {
        let fake = try FakeWorld()
        let runs = try await performInBoth(CKSchemaGeneratePlugin(), fake, ["--access", "public"])
        #expect(runs == [run("ckschema", in: fake.root, [
            "generate", "swift", "--schema", fake.path("Sources/Models/Journal.ckschema.yaml"),
            "--schema", fake.path("Sources/Models/Tags.ckschema.yml"), "--config", fake.path("Sources/Models/ckschema.yaml"),
            "--output", fake.path("Sources/Models/Generated"), "--access", "public",
        ])])
    }

    @Test func generateInAnXcodeTargetWritesBesideItsSchemaFiles() async throws {
        let fake = try FakeWorld()
        try fake.add("Widget", ["Widget/Schema/Notes.ckschema.yaml": "recordTypes: {}\n", "Widget/Widget.swift": "\n"])
        let runs = try await perform(CKSchemaGeneratePlugin(), from: .xcode, in: fake, ["--target", "Widget"])
        #expect(runs == [run("ckschema", in: fake.root, [
            "generate", "swift", "--schema", fake.path("Widget/Schema/Notes.ckschema.yaml"),
            "--output", fake.path("Widget/Schema/Generated"),
        ])])
    }

    @Test func generateWithoutAnySchemaTargetUsesTheProjectConfiguration() async throws {
        let fake = try FakeWorld()
        for world in [World.package, .xcode] {
            // Only the targets without schema files are named: an error for each world.
            await #expect(throws: PluginError.noSchema(target: "Empty")) {
                try await perform(CKSchemaGeneratePlugin(), from: world, in: fake, ["--target", "Empty"])
            }
        }
        let emptyProject = try FakeWorld(withSchemaTarget: false)
        let runs = try await performInBoth(CKSchemaGeneratePlugin(), emptyProject, ["--check"])
        #expect(runs == [run("ckschema", in: emptyProject.root, ["generate", "swift", "--check"])])
    }

    // MARK: check-cloudkit-code

    @Test func checkCodeChecksTheSwiftFilesOfTargetsThatShipCode() async throws {
        let fake = try FakeWorld()
        let runs = try await performInBoth(CKSchemaCheckCodePlugin(), fake, ["--against", "development"])
        #expect(runs == [run("ckschema-check-code", in: fake.root, [
            fake.path("Sources/App/AppMain.swift"), fake.path("Sources/App/Model/Item.swift"), "--against", "development",
        ])])
        let tests = try await performInBoth(CKSchemaCheckCodePlugin(), fake, ["--target", "AppTests", "--strict"])
        #expect(tests == [run("ckschema-check-code", in: fake.root, [fake.path("Tests/AppTests/ItemTests.swift"), "--strict"])])
    }

    @Test func checkCodeOfTargetsWithoutSwiftIsAnError() async throws {
        let fake = try FakeWorld()
        for world in [World.package, .xcode] {
            await #expect(throws: PluginError.noSwiftCode) {
                try await perform(CKSchemaCheckCodePlugin(), from: world, in: fake, ["--target", "Models", "--target", "Empty"])
            }
        }
    }

    // MARK: check-cloudkit-models

    @Test func checkModelsChecksSwiftFilesAndCoreDataModels() async throws {
        let fake = try FakeWorld()
        let runs = try await performInBoth(CKSchemaCheckModelsPlugin(), fake, ["--format", "github", "--strict"])
        #expect(runs == [run("ckschema", in: fake.root, [
            "check-models", fake.path("Sources/App/AppMain.swift"), fake.path("Sources/App/Model/Item.swift"),
            fake.path("Sources/App/Store.xcdatamodeld"), "--format", "github", "--strict",
        ])])
    }

    @Test func checkModelsOfATargetWithNeitherIsAnError() async throws {
        let fake = try FakeWorld()
        for world in [World.package, .xcode] {
            await #expect(throws: PluginError.noModels) {
                try await perform(CKSchemaCheckModelsPlugin(), from: world, in: fake, ["--target", "Empty"])
            }
        }
        #expect(PluginError.noModels.description.contains(".xcdatamodeld"))
    }

    @Test func aFailingCheckFailsThePluginWithTheCommand() async throws {
        let fake = try FakeWorld()
        try fake.add("Broken", ["Sources/Broken/BrokenModel.swift": "\n"])
        for world in [World.package, .xcode] {
            await #expect {
                try await perform(CKSchemaCheckModelsPlugin(), from: world, in: fake, ["--target", "Broken"])
            } throws: { error in
                guard case .toolFailed(let command, let status)? = error as? PluginError else { return false }
                return status == 1 && command.hasPrefix("ckschema check-models ") && command.contains("BrokenModel.swift")
            }
        }
    }
}
