import CKSchemaTestSupport
import Foundation
import Testing

/// `ckschema generate` writes inside `--output` only, never through a link, and all of its files or none: a
/// failing run (exit 2) leaves the output folder exactly as it was.
@Suite struct GenerateOutputSafetyTests {
    /// A folder with a schema and a generator `ckschema-gen-files` that answers `response`.
    private func project(answering response: String) throws -> TemporaryDirectory {
        let folder = try GenerateCommandTests.folderWithSchema()
        try folder.write(response, to: "response.json")
        try GenerateCommandTests.plugin("files", "cat > /dev/null\ncat \"$(dirname \"$0\")/../response.json\"", in: folder)
        return folder
    }

    private func generate(_ folder: TemporaryDirectory) throws -> CommandRunner.Result {
        try CommandRunner.run(["generate", "files", "--schema", "schema.yaml", "-o", "out"], in: folder.url,
                              environment: GenerateCommandTests.path(folder))
    }

    /// The files of a response, `{"name": …, "contents": …}` each.
    private static func response(_ names: [String]) -> String {
        let files = names.map { #"{"name": "\#($0)", "contents": "generated \#($0)\n"}"# }.joined(separator: ", ")
        return #"{"version": 1, "files": [\#(files)]}"#
    }

    /// Everything under `out/`, for "nothing was written" checks.
    private static func output(_ folder: TemporaryDirectory) -> [String] {
        folder.listing().filter { $0.hasPrefix("out/") || $0 == "out" }
    }

    // MARK: - Confirmed 3: output through a link

    @Test func aPluginCannotWriteThroughALinkInTheOutputFolder() throws {
        let folder = try project(answering: Self.response(["first.txt", "link/pwned.txt"]))
        let elsewhere = folder.url.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("out"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("out/link").path,
                                                   withDestinationPath: elsewhere.path)
        let result = try generate(folder)
        #expect(result.status == 2)
        #expect(result.standardError == "error: 'out/link' is a symbolic link; ckschema writes only inside the output "
            + "folder and never through a link; nothing was written\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
        #expect(Self.output(folder) == ["out", "out/link"])
    }

    @Test func aGeneratedFileThatIsALinkIsNotReplacedOrWrittenThrough() throws {
        let folder = try project(answering: Self.response(["Model.swift"]))
        let target = try folder.write("the user's file\n", to: "precious.swift")
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("out"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("out/Model.swift").path,
                                                   withDestinationPath: target.path)
        for arguments in [[], ["--check"]] {
            let result = try CommandRunner.run(["generate", "files", "--schema", "schema.yaml", "-o", "out"] + arguments,
                                               in: folder.url, environment: GenerateCommandTests.path(folder))
            #expect(result.status == 2)
            #expect(result.standardError.contains("'out/Model.swift' is a symbolic link"))
        }
        #expect(try String(contentsOf: target, encoding: .utf8) == "the user's file\n")
    }

    // MARK: - Confirmed 4: all or nothing

    @Test func aFileWhereAFolderIsWritesNothing() throws {
        let folder = try project(answering: Self.response(["first.txt", "sub"]))
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("out/sub"), withIntermediateDirectories: true)
        let result = try generate(folder)
        #expect(result.status == 2)
        #expect(result.standardError == "error: 'out/sub' is a folder, not a file that can be replaced; nothing was written\n")
        #expect(Self.output(folder) == ["out", "out/sub"])
    }

    @Test(arguments: [["a", "a/b"], ["a/b", "a"]])
    func aFileThatIsTheFolderOfAnotherWritesNothing(_ names: [String]) throws {
        let folder = try project(answering: Self.response(names))
        let result = try generate(folder)
        #expect(result.status == 2)
        #expect(result.standardError.contains("did not answer with a valid response: 'a' cannot be both a file and the "
            + "folder holding 'a/b'"))
        #expect(Self.output(folder).isEmpty)
    }

    /// A 240-byte name used to fail on its longer temporary name after earlier files were written; now it is
    /// written, and a name no file system can hold is refused before anything is.
    @Test func longNamesAreWrittenOrRefusedAsAWhole() throws {
        let long = String(repeating: "n", count: 236) + ".txt"
        let written = try project(answering: Self.response(["first.txt", long]))
        let result = try generate(written)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(Self.output(written) == ["out", "out/first.txt", "out/\(long)"])

        let tooLong = String(repeating: "n", count: 300)
        let refused = try project(answering: Self.response(["first.txt", tooLong]))
        let failure = try generate(refused)
        #expect(failure.status == 2)
        #expect(failure.standardError.contains("has a component longer than 255 bytes, which file systems cannot hold"))
        #expect(Self.output(refused).isEmpty)
    }

    @Test func aFailingRunLeavesTheFilesOfTheLastRunUntouched() throws {
        let folder = try project(answering: Self.response(["a.txt", "b.txt"]))
        #expect(try generate(folder).status == 0)
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("out/z"), withIntermediateDirectories: true)
        let before = Self.outputState(folder)
        // `a.txt` would change, but `z` cannot be written: neither is.
        try folder.write(Self.response(["a.txt", "z"]).replacing("generated a.txt", with: "changed a.txt"), to: "response.json")
        #expect(try generate(folder).status == 2)
        #expect(Self.outputState(folder) == before)
    }

    /// Every path under `out/` with its contents (`nil` for folders).
    private static func outputState(_ folder: TemporaryDirectory) -> [String: String?] {
        Dictionary(uniqueKeysWithValues: output(folder).map {
            ($0, try? String(contentsOf: folder.url.appendingPathComponent($0), encoding: .utf8))
        })
    }
}
