import CKSchemaTestSupport
import Foundation
import Testing

/// Inputs built to make ckschema leak a secret, hang, drive the terminal or exhaust memory: links to
/// `/proc/self/environ`, named pipes, escape sequences in record data, huge git blobs, millions of findings.
@Suite(.timeLimit(.minutes(3))) struct HostileInputTests {
    static let token = FakeCKTool.token
    static let secretEnvironment = ["CLOUDKIT_MANAGEMENT_TOKEN": token]

    /// Nothing the run printed holds the token.
    private func expectNoToken(_ result: CommandRunner.Result, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!result.standardOutput.contains(Self.token), sourceLocation: sourceLocation)
        #expect(!result.standardError.contains(Self.token), sourceLocation: sourceLocation)
        #expect(!result.standardError.contains("CLOUDKIT_MANAGEMENT_TOKEN="), sourceLocation: sourceLocation)
    }

    // MARK: - Confirmed 2: source echo of /proc/self/environ

    #if os(Linux)
    @Test func aSchemaFileLinkedToTheProcessEnvironmentIsRefused() throws {
        let project = try ExampleProject()
        try FileManager.default.createSymbolicLink(atPath: project.url.appendingPathComponent("schemas/Zz.yaml").path,
                                                   withDestinationPath: "/proc/self/environ")
        let result = try project.run(["lint"], environment: Self.secretEnvironment)
        #expect(result.status == 2)
        #expect(result.standardError == "error: 'schemas/Zz.yaml' is not a file on disk (it is in the kernel's proc file "
            + "system); ckschema reads only regular files\n")
        expectNoToken(result)
    }

    /// `schema:` in the configuration naming the link: deploy reads it to plan, and would quote it in a
    /// diagnostic.
    @Test func aConfiguredSchemaLinkedToTheProcessEnvironmentIsRefusedByDeploy() throws {
        let project = try ExampleProject()
        try FileManager.default.createSymbolicLink(atPath: project.url.appendingPathComponent("environ.yaml").path,
                                                   withDestinationPath: "/proc/self/environ")
        try project.edit("ckschema.yaml") { $0.replacing("schema: schemas", with: "schema: environ.yaml") }
        let before = project.state()
        let result = try project.run(["deploy", "--to", "development", "--yes"], environment: Self.secretEnvironment)
        #expect(result.status == 2)
        #expect(result.standardError.contains("'environ.yaml' is not a file on disk"))
        expectNoToken(result)
        #expect(project.state() == before)
    }

    @Test func aRecordFileLinkedToTheProcessEnvironmentIsRefused() throws {
        let folder = try TemporaryDirectory()
        try folder.write("recordTypes:\n  Note:\n    fields: { title: string }\n", to: "schema.yaml")
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("records.json").path,
                                                   withDestinationPath: "/proc/self/environ")
        let result = try CommandRunner.run(["validate", "--schema", "schema.yaml", "records.json"], in: folder.url,
                                           environment: Self.secretEnvironment)
        #expect(result.status == 2)
        #expect(result.standardError == "error: cannot read 'records.json': it is in the kernel's proc file system, not a "
            + "file on disk\n")
        expectNoToken(result)
    }
    #endif

    /// Reading a named pipe would wait for a writer forever; it is refused at once.
    @Test func namedPipesAreRefusedWithoutHanging() throws {
        let folder = try TemporaryDirectory()
        try folder.write("recordTypes:\n  Note:\n    fields: { title: string }\n", to: "schema.yaml")
        #expect(mkfifo(folder.url.appendingPathComponent("pipe.yaml").path, 0o600) == 0)
        #expect(mkfifo(folder.url.appendingPathComponent("pipe.json").path, 0o600) == 0)
        let lint = try CommandRunner.run(["lint", "pipe.yaml"], in: folder.url, timeout: 20)
        #expect(lint.status == 2)
        #expect(lint.standardError.contains("'pipe.yaml' is not a regular file (it is a named pipe)"))
        let validate = try CommandRunner.run(["validate", "--schema", "schema.yaml", "pipe.json"], in: folder.url, timeout: 20)
        #expect(validate.status == 2)
        #expect(validate.standardError.contains("it is a named pipe, not a regular file (use '-' for standard input)"))
        let standardInput = try CommandRunner.run(["validate", "--schema", "schema.yaml", "-"], in: folder.url,
                                                  input: Data(#"{"recordType":"Note","fields":{"title":{"value":"t"}}}"#.utf8))
        #expect(standardInput.status == 0, "standard input is still read when asked with '-'")
        let schemaInput = try CommandRunner.run(["lint", "-"], in: folder.url,
                                                input: Data("recordTypes:\n  Note:\n    fields: { title: strin }\n".utf8))
        #expect(schemaInput.status == 1)
        #expect(schemaInput.standardOutput.contains("\n-:3:22: error: "), "a schema is read from '-' too")
    }

    /// Whatever a source line holds, the text reporter's quote of it passes through the scrubber.
    @Test func theTokenInAQuotedSourceLineIsRedacted() throws {
        let folder = try TemporaryDirectory()
        try folder.write("recordTypes:\n  Note:\n    fields: { title: strin } # \(Self.token)\n", to: "schema.yaml")
        let result = try CommandRunner.run(["lint", "schema.yaml"], in: folder.url, environment: Self.secretEnvironment)
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("    fields: { title: strin } # [redacted]\n"))
        expectNoToken(result)
    }

    // MARK: - Writes never follow a link (siblings of the lock and the generator output)

    @Test func aConvertOutputOrPlanFileThatIsALinkIsRefused() throws {
        let project = try ExampleProject()
        let victim = try project.folder.write("the user's file\n", to: "victim.txt")
        for name in ["out.ckdb", "plan.json"] {
            try FileManager.default.createSymbolicLink(atPath: project.url.appendingPathComponent(name).path,
                                                       withDestinationPath: victim.path)
        }
        let convert = try project.run(["convert", "schemas", "-o", "out.ckdb"])
        #expect(convert.status == 2)
        #expect(convert.standardError.hasSuffix("error: 'out.ckdb' is a symbolic link; ckschema never writes through a link "
            + "or replaces one (replace the link with the file itself, or write elsewhere)\n"))
        let plan = try project.run(["deploy", "--to", "production", "--plan", "plan.json"])
        #expect(plan.status == 2)
        #expect(plan.standardError.contains("'plan.json' is a symbolic link; ckschema never writes through a link"))
        #expect(try String(contentsOf: victim, encoding: .utf8) == "the user's file\n")
        #expect(FileManager.default.destinationOfSymbolicLinkExists(project.url.appendingPathComponent("out.ckdb").path))
    }

    // MARK: - Terminal escapes

    @Test func recordDataCannotDriveTheTerminal() throws {
        let folder = try TemporaryDirectory()
        try folder.write("recordTypes:\n  Note:\n    fields: { title: string }\n", to: "schema.yaml")
        let hostile = #"{"recordType":"\u001b]0;pwned\u0007\u001b[2J\u009b31m\u202eNote","recordName":"\u001b[8mhidden","fields":{}}"#
        try folder.write(hostile + "\n", to: "records.ndjson")
        let text = try CommandRunner.run(["validate", "--schema", "schema.yaml", "records.ndjson"], in: folder.url)
        #expect(text.status == 1)
        for output in [text.standardOutput, text.standardError] {
            #expect(!output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x9B || $0.value == 0x202E })
        }
        #expect(text.standardOutput.contains(#"record type '\u{1B}]0;pwned\u{7}\u{1B}[2J\u{9B}31m\u{202E}Note' is not in the schema"#))
        #expect(text.standardOutput.contains(#"record #0 '\u{1B}[8mhidden' at"#))

        let json = try CommandRunner.run(["validate", "--schema", "schema.yaml", "records.ndjson", "--format", "json"],
                                         in: folder.url)
        #expect(!json.standardOutput.unicodeScalars.contains { $0.value == 0x9B || $0.value == 0x202E })
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let message = try #require((document["diagnostics"] as? [[String: Any]])?.first?["message"] as? String)
        #expect(message.contains("\u{1B}]0;pwned\u{07}\u{1B}[2J\u{9B}31m\u{202E}Note"), "JSON keeps the data, escaped the JSON way")
    }

    @Test func aGeneratorsMessagesAndFileNamesCannotDriveTheTerminal() throws {
        let folder = try GenerateCommandTests.folderWithSchema()
        try GenerateCommandTests.plugin("loud", #"""
            cat > /dev/null
            printf '\033]0;pwned\007\033[2J on stderr\n' >&2
            echo '{"version": 1, "files": [{"name": "a\u001b[2J.txt", "contents": "x"}]}'
            """#, in: folder)
        let result = try CommandRunner.run(["generate", "loud", "--schema", "schema.yaml", "-o", "out"], in: folder.url,
                                           environment: GenerateCommandTests.path(folder))
        #expect(result.status == 2)
        #expect(result.standardError.contains(#"file name 'a\u{1B}[2J.txt' holds a backslash or a control character"#))
        #expect(!result.standardError.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
        try GenerateCommandTests.plugin("failing", #"""
            cat > /dev/null
            printf '\033]0;pwned\007\033[2J it broke\n' >&2
            exit 3
            """#, in: folder)
        let failing = try CommandRunner.run(["generate", "failing", "--schema", "schema.yaml", "-o", "out"], in: folder.url,
                                            environment: GenerateCommandTests.path(folder))
        #expect(failing.status == 2)
        #expect(failing.standardError.contains(#"\u{1B}]0;pwned\u{7}\u{1B}[2J it broke"#))
        #expect(!failing.standardError.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    }

    // MARK: - Caps

    @Test func aGitBlobOverTheSchemaLimitIsRefusedWithoutReadingItAll() throws {
        let folder = try TemporaryDirectory()
        try Git.initialize(folder.url)
        try folder.write("recordTypes:\n  Note:\n    fields: { title: string }\n", to: "schemas/Note.yaml")
        let huge = "# " + String(repeating: "x", count: 17 << 20) + "\n"
        try folder.write(huge, to: "schemas/Huge.yaml")
        try Git.commit(folder.url, "huge")
        let result = try CommandRunner.run(["diff", "--from", "git:HEAD:schemas", "--to", "schemas/Note.yaml"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.standardError == "error: 'git:HEAD:schemas/Huge.yaml' is larger than 16 MiB, the limit for a schema "
            + "file\n")
    }

    @Test func aSchemaFileOverTheLimitIsRefused() throws {
        let folder = try TemporaryDirectory()
        try folder.write("# " + String(repeating: "x", count: 17 << 20) + "\n", to: "Huge.yaml")
        let result = try CommandRunner.run(["lint", "Huge.yaml"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.standardError == "error: 'Huge.yaml' is larger than 16 MiB, the limit for this kind of file\n")
    }

    /// Findings beyond the limit are counted, not kept; the last finding says how many, with the worst severity.
    @Test func findingsBeyondTheLimitAreCountedInOneLastFinding() throws {
        let folder = try TemporaryDirectory()
        try folder.write("recordTypes:\n  Note:\n    fields: { title: string }\n", to: "schema.yaml")
        let unknown = (0..<200).map { #""f\#($0)":{"value":1}"# }.joined(separator: ",")
        let record = #"{"recordType":"Note","fields":{"title":{"value":"t"},"# + unknown + "}}"
        try folder.write(record + "\n" + record + "\n", to: "records.ndjson")
        let result = try CommandRunner.run(["validate", "--schema", "schema.yaml", "records.ndjson", "--max-findings", "5"],
                                           in: folder.url)
        #expect(result.status == 1)
        let errors = result.standardOutput.split(separator: "\n").filter { $0.contains(": error: ") || $0.hasPrefix("error: ") }
        #expect(errors.count == 6, "5 findings listed, then the count")
        #expect(result.standardOutput.contains("error: 395 more findings are not listed (395 errors, 0 warnings): only the "
            + "first 5 are kept; raise the limit with --max-findings [record_findings_omitted]"))
        #expect(result.standardError.hasSuffix("checked 2 records in 1 input: 2 invalid\n"))

        let all = try CommandRunner.run(["validate", "--schema", "schema.yaml", "records.ndjson", "--max-findings", "0",
                                         "--format", "json"], in: folder.url)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(all.standardOutput.utf8)) as? [String: Any])
        #expect((document["summary"] as? [String: Int])?["errors"] == 400)
    }
}

extension FileManager {
    /// Whether `path` is still a symbolic link.
    func destinationOfSymbolicLinkExists(_ path: String) -> Bool {
        (try? destinationOfSymbolicLink(atPath: path)) != nil
    }
}
