import CKSchemaProcess
import CKSchemaTestSupport
import Foundation
import Testing

/// `scripts/xcode/ckschema-build-phase.sh` run as Xcode runs a Run Script phase: `/bin/sh` with only the
/// variables Xcode sets (the input file list as Xcode resolves it, the declared outputs, SRCROOT,
/// DERIVED_FILE_DIR, sandboxing on), against the built ckschema.
@Suite struct XcodeBuildPhaseTests {
    /// An app's folder (with a space in its name, as "My App" often has) and its derived-data folder.
    final class Project {
        let folder: TemporaryDirectory
        var sourceRoot: URL { folder.url.appendingPathComponent("My App") }
        var derived: URL { folder.url.appendingPathComponent("DerivedData/App.build/Debug/App.build/DerivedSources") }
        var stamp: URL { derived.appendingPathComponent("ckschema-build-phase.stamp") }
        var models: URL { derived.appendingPathComponent("CloudKitModels.swift") }

        init() throws {
            folder = try TemporaryDirectory()
            try FileManager.default.createDirectory(at: sourceRoot, withIntermediateDirectories: true)
        }

        /// Writes `text` to `relativePath` in the app's folder.
        @discardableResult
        func write(_ text: String, to relativePath: String) throws -> URL {
            try folder.write(text, to: "My App/" + relativePath)
        }

        /// Runs the phase with the input file list holding `inputs` (written as Xcode writes its resolved copy),
        /// declaring the stamp and, with `generating`, the models as outputs; `environment` on top.
        func runPhase(inputs: [String], generating: Bool = true, environment: [String: String] = [:]) throws
            -> (status: Int32, output: String)
        {
            let list = try folder.write(inputs.joined(separator: "\n") + "\n",
                                        to: "DerivedData/App.build/Debug/App.build/InputFileList-ckschema-resolved.xcfilelist")
            let outputs = [stamp] + (generating ? [models] : [])
            var variables = [
                "PATH": "/usr/bin:/bin", "HOME": folder.url.path, "ACTION": "build", "CONFIGURATION": "Debug",
                "TARGET_NAME": "App", "SRCROOT": sourceRoot.path, "PROJECT_DIR": sourceRoot.path,
                "DERIVED_FILE_DIR": derived.path, "ENABLE_USER_SCRIPT_SANDBOXING": "YES",
                "SCRIPT_INPUT_FILE_COUNT": "0", "SCRIPT_INPUT_FILE_LIST_COUNT": "1", "SCRIPT_INPUT_FILE_LIST_0": list.path,
                "SCRIPT_OUTPUT_FILE_COUNT": "\(outputs.count)", "SCRIPT_OUTPUT_FILE_LIST_COUNT": "0",
                "CKSCHEMA": CommandRunner.executable.path,
            ]
            for (index, output) in outputs.enumerated() { variables["SCRIPT_OUTPUT_FILE_\(index)"] = output.path }
            variables.merge(environment) { _, new in new }
            let script = SharedCorpus.repositoryRoot.appendingPathComponent("scripts/xcode/ckschema-build-phase.sh")
            let result = try ChildProcess.run("/bin/sh", arguments: [script.path], options: ChildProcess.Options(
                environment: .exactly(variables.filter { !$0.value.isEmpty }), workingDirectory: sourceRoot.path,
                timeout: 60, outputLimit: CommandRunner.outputLimit))
            var status: Int32 = 0
            if case .exited(let code)? = result.failure { status = code } else if result.failure != nil { status = -1 }
            return (status, String(decoding: result.standardOutput + result.standardError, as: UTF8.self))
        }
    }

    /// A private-database schema lint is happy with.
    static let cleanSchema = """
        recordTypes:
          Note:
            database: private
            fields:
              title: { type: string, indexes: [queryable] }
            systemFields: { recordID: [queryable] }

        """

    /// A public record type without grants: a warning on line 2, column 3.
    static let warningSchema = """
        recordTypes:
          Note:
            fields:
              title: { type: string }
            systemFields: { recordID: [queryable] }

        """

    @Test func aCleanSchemaIsLintedAndItsModelsGenerated() throws {
        let project = try Project()
        let schema = try project.write(Self.cleanSchema, to: "Schema/Note.ckschema.yaml")
        let (status, output) = try project.runPhase(inputs: [schema.path])
        #expect(status == 0, "\(output)")
        #expect(output.contains("1 file, 1 record type: no problems"), "\(output)")
        let models = try String(contentsOf: project.models, encoding: .utf8)
        #expect(models.contains("struct Note"))
        #expect(FileManager.default.fileExists(atPath: project.stamp.path))
    }

    @Test func anUnchangedSchemaIsNotCheckedAgainButItsFindingsAreShownAgain() throws {
        let project = try Project()
        let schema = try project.write(Self.warningSchema, to: "Schema/Note.ckschema.yaml")
        let first = try project.runPhase(inputs: [schema.path])
        let warning = "\(schema.path):2:3: warning:"
        #expect(first.status == 0, "\(first.output)")
        #expect(first.output.contains(warning), "\(first.output)")
        // Had the phase generated again, this would be replaced by the models.
        try Data("// left alone\n".utf8).write(to: project.models)
        let second = try project.runPhase(inputs: [schema.path])
        #expect(second.status == 0)
        #expect(second.output.contains("schema unchanged since the last run"), "\(second.output)")
        #expect(second.output.contains(warning), "\(second.output)")
        #expect(try String(contentsOf: project.models, encoding: .utf8) == "// left alone\n")
        // A change to the schema runs it again.
        try project.write(Self.warningSchema + "# edited\n", to: "Schema/Note.ckschema.yaml")
        let third = try project.runPhase(inputs: [schema.path])
        #expect(!third.output.contains("schema unchanged"), "\(third.output)")
        #expect(try String(contentsOf: project.models, encoding: .utf8).contains("struct Note"))
    }

    @Test func anErrorIsReportedOnItsFileAndLineAndFailsTheBuildUntilFixed() throws {
        let project = try Project()
        let schema = try project.write(
            "recordTypes:\n  Note:\n    database: private\n    fields:\n      body: { type: NOPE }\n",
            to: "Schema/Note.ckschema.yaml")
        let failed = try project.runPhase(inputs: [schema.path])
        #expect(failed.status == 1, "\(failed.output)")
        #expect(failed.output.contains("\(schema.path):5:21: error: unknown type 'NOPE'"), "\(failed.output)")
        #expect(!FileManager.default.fileExists(atPath: project.stamp.path))
        try project.write(Self.cleanSchema, to: "Schema/Note.ckschema.yaml")
        let fixed = try project.runPhase(inputs: [schema.path])
        #expect(fixed.status == 0, "\(fixed.output)")
        #expect(!fixed.output.contains("schema unchanged"))
    }

    @Test func fileListsMayHoldCommentsUnexpandedSettingsRelativePathsAConfigurationAndTheScript() throws {
        let project = try Project()
        try project.write(Self.cleanSchema, to: "Schema/Note.ckschema.yaml")
        try project.write("recordTypes:\n  Tag:\n    database: private\n    fields:\n      name: { type: string }\n"
                          + "    systemFields: { recordID: [queryable] }\n", to: "Schema/Tag.ckschema.yml")
        try project.write("generate:\n  swift:\n    access: public\n", to: "Schema/ckschema.yaml")
        let (status, output) = try project.runPhase(inputs: [
            "# CloudKit schema of the app", "", "$(SRCROOT)/Schema/Note.ckschema.yaml", "  Schema/Tag.ckschema.yml  ",
            "${SRCROOT}/Schema/ckschema.yaml", "$(SRCROOT)/scripts/ckschema-build-phase.sh",
        ])
        #expect(status == 0, "\(output)")
        #expect(!output.contains("warning"), "\(output)")
        #expect(output.contains("2 files, 2 record types: no problems"), "\(output)")
        let models = try String(contentsOf: project.models, encoding: .utf8)
        #expect(models.contains("public struct Note") && models.contains("public struct Tag"))
    }

    @Test func withoutGeneratedModelsDeclaredOnlyTheLintRuns() throws {
        let project = try Project()
        let schema = try project.write(Self.cleanSchema, to: "Schema/Note.ckschema.yaml")
        let (status, output) = try project.runPhase(inputs: [schema.path], generating: false)
        #expect(status == 0, "\(output)")
        #expect(!FileManager.default.fileExists(atPath: project.models.path))
        #expect(FileManager.default.fileExists(atPath: project.stamp.path))
    }

    @Test func anInputThatIsNoSchemaIsNamedInAWarningAndLeftOut() throws {
        let project = try Project()
        let schema = try project.write(Self.cleanSchema, to: "Schema/Note.ckschema.yaml")
        let plist = try project.write("<plist/>\n", to: "Info.plist")
        let (status, output) = try project.runPhase(inputs: [schema.path, plist.path])
        #expect(status == 0, "\(output)")
        #expect(output.contains("warning: ckschema build phase: ignoring input '\(plist.path)'"), "\(output)")
        #expect(output.contains("1 file, 1 record type: no problems"), "\(output)")
    }

    @Test func aMissingInputIsAnErrorOnThatPath() throws {
        let project = try Project()
        let missing = project.sourceRoot.appendingPathComponent("Schema/Gone.ckschema.yaml").path
        let (status, output) = try project.runPhase(inputs: [missing])
        #expect(status == 1)
        #expect(output.contains("\(missing):1:1: error:"), "\(output)")
    }

    @Test func withoutCKSchemaThePhaseWarnsAndTheBuildGoesOn() throws {
        let project = try Project()
        let schema = try project.write(Self.cleanSchema, to: "Schema/Note.ckschema.yaml")
        let (status, output) = try project.runPhase(inputs: [schema.path], environment: ["CKSCHEMA": ""])
        #expect(status == 0)
        #expect(output.hasPrefix("warning: ckschema not found"), "\(output)")
    }
}
