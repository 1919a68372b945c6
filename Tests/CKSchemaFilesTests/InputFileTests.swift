import CKSchemaFiles
import CKSchemaTestSupport
import Foundation
import Testing

/// Inputs are regular files on disk: links to them are fine; pipes, devices, folders and kernel files are
/// refused before a byte is read, and large files stop at the limit.
@Suite(.timeLimit(.minutes(1))) struct InputFileTests {
    @Test func aRegularFileAndALinkToOneAreRead() throws {
        let folder = try TemporaryDirectory()
        let file = try folder.write("hello\n", to: "a.yaml")
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("link.yaml").path,
                                                   withDestinationPath: file.path)
        #expect(try InputFile.read(file.path) == Array("hello\n".utf8))
        #expect(try InputFile.read(folder.url.appendingPathComponent("link.yaml").path) == Array("hello\n".utf8))
    }

    #if os(Linux)
    /// `/proc/self/environ` reports itself as an empty regular file and holds the whole environment.
    @Test func theProcessEnvironmentIsRefusedEvenThroughALink() throws {
        let folder = try TemporaryDirectory()
        let link = folder.url.appendingPathComponent("schema.yaml").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/proc/self/environ")
        #expect(throws: InputFileError.virtualFileSystem(link, fileSystem: "proc")) { try InputFile.read(link) }
        #expect(throws: InputFileError.virtualFileSystem("/proc/self/environ", fileSystem: "proc")) {
            try InputFile.open("/proc/self/environ")
        }
    }
    #endif

    @Test func aNamedPipeIsRefusedWithoutWaitingForAWriter() throws {
        let folder = try TemporaryDirectory()
        let pipe = folder.url.appendingPathComponent("records.json").path
        #expect(mkfifo(pipe, 0o600) == 0)
        #expect(throws: InputFileError.notRegular(pipe, kind: "a named pipe")) { try InputFile.read(pipe) }
    }

    @Test func devicesAndFoldersAreRefused() throws {
        #expect(throws: InputFileError.notRegular("/dev/zero", kind: "a device")) { try InputFile.read("/dev/zero") }
        let folder = try TemporaryDirectory()
        #expect(throws: InputFileError.notRegular(folder.url.path, kind: "a folder")) { try InputFile.read(folder.url.path) }
    }

    @Test func aFileOverTheLimitIsRefused() throws {
        let folder = try TemporaryDirectory()
        let file = try folder.write(String(repeating: "x", count: 5000), to: "big.ckdb")
        #expect(throws: InputFileError.tooLarge(file.path, limit: 4096)) { try InputFile.read(file.path, limit: 4096) }
        #expect(try InputFile.read(file.path, limit: 5000).count == 5000)
    }

    @Test func missingFilesAreMissingAndOptionalOnesAreNil() throws {
        let folder = try TemporaryDirectory()
        let path = folder.url.appendingPathComponent("none.ckdb").path
        #expect(throws: InputFileError.missing(path)) { try InputFile.read(path) }
        #expect(try InputFile.readIfPresent(path) == nil)
        // A link that leads nowhere is not "no file": it is reported.
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/nonexistent/target")
        #expect(throws: InputFileError.missing(path)) { try InputFile.readIfPresent(path) }
    }

    @Test func messagesAreOneSentence() {
        #expect(InputFileError.notRegular("x", kind: "a named pipe").description
            == "'x' is not a regular file (it is a named pipe); ckschema reads only regular files (and standard input as '-')")
        #expect(InputFileError.tooLarge("x", limit: 16 << 20).description
            == "'x' is larger than 16 MiB, the limit for this kind of file")
    }
}
