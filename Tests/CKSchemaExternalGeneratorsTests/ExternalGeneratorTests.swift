import CKSchemaCodegen
import CKSchemaCore
import CKSchemaExternalGenerators
import CKSchemaProcess
import Foundation
import Testing

/// External generators are run like protoc plugins; these tests use small shell scripts as plugins.
@Suite(.serialized) struct ExternalGeneratorTests {
    /// A temporary directory holding plugin scripts, removed when the test ends.
    final class PluginDirectory {
        let url: URL

        init() throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("ckschema-plugins-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }

        deinit {
            try? FileManager.default.removeItem(at: url)
        }

        /// Writes an executable `ckschema-gen-<name>` running `body` under /bin/sh.
        @discardableResult
        func plugin(_ name: String, _ body: String) throws -> ExternalGenerator {
            let script = url.appendingPathComponent(ExternalGenerator.executablePrefix + name)
            try Data("#!/bin/sh\n\(body)\n".utf8).write(to: script)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
            return try ExternalGenerator.locate(named: name, searchPath: "/nonexistent::" + url.path, timeout: 10)
        }
    }

    static let input = GeneratorInput(
        schema: Schema(recordTypes: [RecordType(name: "Note", fields: [Field(name: "title", type: .string)])]),
        sourceMap: SourceMap(locations: [.field("Note", "title"): SourceLocation(file: "n.yaml", line: 4, column: 7)]),
        schemaPath: "n.yaml"
    )

    /// A plugin body that ignores its input and prints `response`.
    static func replying(_ response: String) -> String {
        "cat > /dev/null\ncat <<'RESPONSE'\n\(response)\nRESPONSE"
    }

    @Test func aWellBehavedPluginReturnsItsFiles() throws {
        let directory = try PluginDirectory()
        let plugin = try directory.plugin("good", Self.replying("""
            {"version": 1, "files": [{"name": "out/a.txt", "contents": "A\\n"}, {"name": "b.txt", "contents": ""}],
             "diagnostics": [{"severity": "warning", "message": "just so you know", "recordType": "Note", "field": "title"}]}
            """))
        let result = try plugin.run(Self.input)
        #expect(result.files == [GeneratedFile(name: "out/a.txt", contents: "A\n"), GeneratedFile(name: "b.txt", contents: "")])
        #expect(result.diagnostics.map(\.severity) == [.warning])
        #expect(result.diagnostics.first?.location == SourceLocation(file: "n.yaml", line: 4, column: 7))
        #expect(result.diagnostics.first?.id == "generator_good")
    }

    @Test func thePluginReceivesTheDocumentedRequest() throws {
        let directory = try PluginDirectory()
        let captured = directory.url.appendingPathComponent("request.json")
        let plugin = try directory.plugin("capture", """
            cat > '\(captured.path)'
            echo '{"version": 1, "files": []}'
            """)
        _ = try plugin.run(Self.input, parameters: [("style", "terse")])
        let request = try String(contentsOf: captured, encoding: .utf8)
        #expect(request == PluginRequest.json(generator: "capture", schemaPath: "n.yaml",
                                              parameters: [("style", "terse")], schema: Self.input.schema).prettyPrinted)
    }

    @Test func errorDiagnosticsDropTheFiles() throws {
        let directory = try PluginDirectory()
        let plugin = try directory.plugin("picky", Self.replying("""
            {"version": 1, "files": [{"name": "a.txt", "contents": "A"}],
             "diagnostics": [{"severity": "error", "id": "picky_no_notes", "message": "notes are not supported", "recordType": "Note"}]}
            """))
        let result = try plugin.run(Self.input)
        #expect(result.files.isEmpty)
        #expect(!result.succeeded)
        #expect(result.diagnostics.first?.id == "picky_no_notes")
    }

    @Test func aFailingPluginReportsItsStatusAndStandardError() throws {
        let directory = try PluginDirectory()
        let plugin = try directory.plugin("broken", "echo 'something broke' >&2\nexit 3")
        #expect {
            try plugin.run(Self.input)
        } throws: { error in
            guard case .failed(_, let failure, let standardError) = error as? ExternalGeneratorError else { return false }
            return failure == .exited(status: 3) && standardError.contains("something broke")
        }
    }

    @Test func aHangingPluginIsStoppedAtTheTimeLimit() throws {
        let directory = try PluginDirectory()
        var plugin = try directory.plugin("hang", "sleep 30")
        plugin.timeout = 0.5
        #expect(throws: ExternalGeneratorError.failed(executable: plugin.executable.path,
                                                      failure: .timedOut(seconds: 0.5), standardError: "")) {
            try plugin.run(Self.input)
        }
    }

    @Test func aPluginThatNeverReadsItsInputStillWorks() throws {
        let directory = try PluginDirectory()
        let plugin = try directory.plugin("deaf", "echo '{\"version\": 1, \"files\": [{\"name\": \"x\", \"contents\": \"y\"}]}'")
        var bigSchema = Schema()
        for index in 0..<2_000 {
            bigSchema.recordTypes.append(RecordType(name: "T\(index)", fields: [Field(name: "f", type: .string)]))
        }
        let result = try plugin.run(GeneratorInput(schema: bigSchema, schemaPath: "big.yaml"))
        #expect(result.files.map(\.name) == ["x"])
    }

    @Test(arguments: [
        ("", "standard output is empty"),
        ("hello", "standard output is not JSON"),
        ("[]", "the top level has the wrong kind of value"),
        ("{\"version\": 2, \"files\": []}", "version 2"),
        ("{\"version\": 1}", "'files' is missing"),
        ("{\"version\": 1, \"files\": [{\"name\": 3, \"contents\": \"\"}]}", "files[0].name has the wrong kind of value"),
        ("{\"version\": 1, \"files\": [{\"name\": \"../x\", \"contents\": \"\"}]}", "leaves the output directory"),
        ("{\"version\": 1, \"files\": [{\"name\": \"/etc/x\", \"contents\": \"\"}]}", "is absolute"),
        ("{\"version\": 1, \"files\": [{\"name\": \"a//b\", \"contents\": \"\"}]}", "empty path component"),
        ("{\"version\": 1, \"files\": [{\"name\": \"a\\\\b\", \"contents\": \"\"}]}", "backslash"),
        ("{\"version\": 1, \"files\": [{\"name\": \"a\", \"contents\": \"\"}, {\"name\": \"a\", \"contents\": \"\"}]}", "appears twice"),
        ("{\"version\": 1, \"files\": [], \"diagnostics\": [{\"severity\": \"fatal\", \"message\": \"m\"}]}", "severity 'fatal'"),
    ])
    func junkOutputIsRefused(output: String, reason: String) throws {
        let directory = try PluginDirectory()
        let plugin = try directory.plugin("junk", Self.replying(output))
        #expect {
            try plugin.run(Self.input)
        } throws: { error in
            guard case .invalidResponse(_, let actual) = error as? ExternalGeneratorError else { return false }
            return actual.contains(reason)
        }
    }

    @Test func locatingFindsOnlyExecutablesWithValidNames() throws {
        let directory = try PluginDirectory()
        #expect(throws: ExternalGeneratorError.notFound(name: "missing", executable: "ckschema-gen-missing")) {
            try ExternalGenerator.locate(named: "missing", searchPath: directory.url.path)
        }
        #expect(throws: ExternalGeneratorError.invalidName("../evil")) {
            try ExternalGenerator.locate(named: "../evil", searchPath: directory.url.path)
        }
        #expect(throws: ExternalGeneratorError.invalidName("-x")) {
            try ExternalGenerator.locate(named: "-x", searchPath: directory.url.path)
        }
        let notExecutable = directory.url.appendingPathComponent("ckschema-gen-plain")
        try Data("#!/bin/sh\n".utf8).write(to: notExecutable)
        #expect(throws: ExternalGeneratorError.notFound(name: "plain", executable: "ckschema-gen-plain")) {
            try ExternalGenerator.locate(named: "plain", searchPath: directory.url.path)
        }
        #expect(throws: ExternalGeneratorError.notFound(name: "none", executable: "ckschema-gen-none")) {
            try ExternalGenerator.locate(named: "none", searchPath: nil)
        }
    }

    @Test func errorsReadAsSentences() {
        #expect(ExternalGeneratorError.failed(executable: "/p", failure: .timedOut(seconds: 60), standardError: "").description
            == "'/p' did not finish within 60 seconds and was stopped")
        #expect(ExternalGeneratorError.failed(executable: "/p", failure: .exited(status: 3), standardError: "oops").description
            == "'/p' failed with exit status 3:\noops")
        #expect(ExternalGeneratorError.notFound(name: "kotlin", executable: "ckschema-gen-kotlin").description
            == "no generator 'kotlin': it is not built in and 'ckschema-gen-kotlin' is not on PATH")
    }
}
