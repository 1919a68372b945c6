import CKSchemaCore
import CKSchemaReporting
import CKSchemaService
import CKSchemaTestSupport
import Foundation
import Testing

/// The shared `Project` as both front ends read it: its configuration's errors come back with their lines (not
/// printed), missing snapshots as notes, lint with the access tests, and the output a conversion writes.
@Suite(.timeLimit(.minutes(1))) struct ProjectTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
        try directory.write("""
            recordTypes:
              Post:
                database: public
                fields:
                  title: string
                systemFields: { recordID: [queryable] }
                grants: { _world: [read], _icloud: [create], _creator: [write] }

            """, to: "schemas/Post.yaml")
    }

    private var config: String { directory.url.appendingPathComponent("ckschema.yaml").path }

    private func load(_ configuration: String) throws -> Project {
        try directory.write(configuration, to: "ckschema.yaml")
        return try Project.load(configPath: config)
    }

    @Test func anInvalidConfigurationIsThrownWithItsProblems() throws {
        try directory.write("schema: schemas\nlint:\n  disable: [no_such_rule]\n  bogus: 1\n", to: "ckschema.yaml")
        do {
            _ = try Project.load(configPath: config)
            Issue.record("an invalid configuration loaded")
        } catch {
            guard case .invalid(let message, let diagnostics, let sources) = error else {
                Issue.record("\(error) carries no problems")
                return
            }
            #expect(message == "the configuration '\(config)' is invalid")
            #expect(diagnostics.contains { $0.severity == .error && $0.location?.file == config })
            #expect(sources.map(\.path) == [config])
            #expect(error.description.hasPrefix(message + ": \(config):"))
        }
    }

    @Test func pathsResolveAgainstTheConfigurationsFolder() throws {
        let project = try load("schema: schemas\n")
        let schemas = try project.schemas([])
        #expect(schemas.schemas.count == 1 && schemas.notes.isEmpty)
        #expect(schemas.schemas[0].schema.recordTypes.map(\.name) == ["Post"])
        #expect(project.snapshotPath(.production) == directory.url.appendingPathComponent("environments/production.ckdb").path)
    }

    @Test func aMissingSnapshotIsTheEmptySchemaWithANote() throws {
        let project = try load("schema: schemas\n")
        let both = try project.schemas(["production", "development"])
        #expect(both.schemas.map(\.schema.recordTypes.count) == [0, 0])
        #expect(both.notes.count == 2 && both.notes.allSatisfy { $0.contains("no snapshot") })
        let one = try project.schema(["production"])
        #expect(one.parsed.schema.recordTypes.isEmpty && one.note == both.notes[0])
        let side = try project.diffSide("production")
        #expect(side.environment == .production && side.note == both.notes[0] && side.source.paths.isEmpty)
    }

    @Test func anUnknownSourceIsOneSentence() throws {
        let project = try load("schema: schemas\n")
        #expect(throws: ServiceError.invalidArgument("unknown environment 'staging'; name development or production, "
            + "a schema file or folder, or git:REVISION:PATH")) { try project.diffSide("staging") }
        #expect(throws: ServiceError.couldNotRun("'missing/schema.yaml' does not exist")) {
            try project.diffSide("missing/schema.yaml")
        }
        #expect(throws: ServiceError.self) { try project.diffSide("git:") }
    }

    @Test func lintingTheProjectSchemaRunsItsAccessTests() throws {
        let project = try load("""
            schema: schemas
            access:
              - { as: _world, can: [read], cannot: [write], on: Post }
              - { as: _world, can: [write], on: Post }

            """)
        let schemas = try project.schemas([]).schemas
        let lint = try project.lint(schemas, paths: [])
        #expect(lint.diagnostics.map(\.id.rawValue) == ["access_test_failed"])
        #expect(lint.diagnostics.first?.location?.line == 4)
        #expect(lint.sources.map(\.path).contains(config))
        #expect(!lint.hasInvalidTests)
        // Named paths are not the project schema: its tests do not run.
        #expect(try project.lint(schemas, paths: ["schemas"]).diagnostics.isEmpty)
    }

    @Test func anAccessTestOnAMissingTypeCouldNotBeJudged() throws {
        let project = try load("schema: schemas\naccess:\n  - { as: _world, can: [read], on: Nope }\n")
        #expect(try project.lint(try project.schemas([]).schemas, paths: []).hasInvalidTests)
    }

    @Test func aConversionWritesAFileOrAFolder() throws {
        let project = try load("schema: schemas\n")
        let parsed = try project.schema([]).parsed
        let folder = directory.url.appendingPathComponent("split").path + "/"
        guard case .folder(let files) = try ConversionOutput.plan(parsed, input: "schemas", output: folder, language: nil,
                                                                 split: false) else {
            Issue.record("a path ending with / is a folder")
            return
        }
        #expect(files.map(\.name) == ["Post.yaml"])
        #expect(throws: ServiceError.self) {
            try ConversionOutput.plan(parsed, input: "schemas", output: folder, language: .ckdb, split: false)
        }
        #expect(throws: ServiceError.invalidArgument("--split writes a folder: name it with -o DIR/")) {
            try ConversionOutput.plan(parsed, input: "schemas", output: nil, language: nil, split: true)
        }
        let file = directory.url.appendingPathComponent("out/schema.ckdb").path
        let planned = try ConversionOutput.plan(parsed, input: "schemas", output: file, language: nil, split: false)
        guard case .file(let text, .ckdb, _) = planned else {
            Issue.record("YAML converts to .ckdb by default")
            return
        }
        #expect(try planned.write(to: file) == "wrote '\(file)'")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == text)
        #expect(try ConversionOutput.plan(parsed, input: "schemas", output: folder, language: nil, split: false)
            .write(to: folder) == "wrote 1 file in '\(folder)'")
    }
}
