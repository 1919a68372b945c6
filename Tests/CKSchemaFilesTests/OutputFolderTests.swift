import CKSchemaFiles
import CKSchemaTestSupport
import Foundation
import Testing

/// Generated files are written inside the output folder only, never through a link, and all of them or none.
@Suite struct OutputFolderTests {
    private func files(_ names: String...) -> [OutputFolder.File] {
        names.map { OutputFolder.File(name: $0, contents: Array("contents of \($0)\n".utf8)) }
    }

    @Test func aLinkInsideTheFolderIsNeverWrittenThrough() throws {
        let root = try TemporaryDirectory()
        let elsewhere = root.url.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.url.appendingPathComponent("out"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root.url.appendingPathComponent("out/link").path,
                                                   withDestinationPath: elsewhere.path)
        let folder = OutputFolder(path: root.url.appendingPathComponent("out").path)
        #expect(throws: OutputFolderError.symbolicLink(folder.display("link"))) {
            try folder.apply(files("first.txt", "link/pwned.txt"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
        #expect(root.listing() == ["elsewhere", "out", "out/link"], "nothing written, nothing staged left")
    }

    @Test func aLinkAtAFilesPlaceIsNotReplaced() throws {
        let root = try TemporaryDirectory()
        let target = try root.write("precious\n", to: "precious.txt")
        try FileManager.default.createDirectory(at: root.url.appendingPathComponent("out"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root.url.appendingPathComponent("out/Model.swift").path,
                                                   withDestinationPath: target.path)
        let folder = OutputFolder(path: root.url.appendingPathComponent("out").path)
        #expect(throws: OutputFolderError.symbolicLink(folder.display("Model.swift"))) { try folder.apply(files("Model.swift")) }
        #expect(try String(contentsOf: target, encoding: .utf8) == "precious\n")
    }

    @Test func aFileWhereAFolderIsIsRefusedBeforeAnythingIsWritten() throws {
        let root = try TemporaryDirectory()
        try FileManager.default.createDirectory(at: root.url.appendingPathComponent("sub"), withIntermediateDirectories: true)
        let folder = OutputFolder(path: root.url.path)
        #expect(throws: OutputFolderError.notAFile(folder.display("sub"), kind: "a folder")) {
            try folder.apply(files("first.txt", "sub"))
        }
        #expect(root.listing() == ["sub"])
    }

    @Test(arguments: [["a", "a/b"], ["a/b", "a"], ["x/a", "x/a/b/c"]])
    func aNameThatIsTheFolderOfAnotherIsRefused(_ names: [String]) throws {
        let root = try TemporaryDirectory()
        #expect(throws: OutputFolderError.self) { try OutputFolder(path: root.url.path).apply(names.map {
            OutputFolder.File(name: $0, contents: [])
        }) }
        #expect(root.listing().isEmpty)
    }

    @Test func aNameAsLongAsFileSystemsAllowIsWrittenAndALongerOneRefused() throws {
        let root = try TemporaryDirectory()
        let folder = OutputFolder(path: root.url.path)
        let longest = String(repeating: "n", count: 251) + ".txt"
        try folder.apply(files("first.txt", longest))
        #expect(root.listing() == ["first.txt", longest])
        let tooLong = String(repeating: "n", count: 256)
        #expect(throws: OutputFolderError.invalidName(tooLong, problem: "has a component longer than 255 bytes, which "
            + "file systems cannot hold")) { try folder.apply(files("second.txt", tooLong)) }
        #expect(root.listing() == ["first.txt", longest])
    }

    @Test func filesAreReplacedKeepingTheirModeAndObsoleteOnesRemoved() throws {
        let root = try TemporaryDirectory()
        let kept = try root.write("old\n", to: "Models/Note.swift")
        #expect(chmod(kept.path, 0o640) == 0)
        try root.write("old\n", to: "Models/Gone.swift")
        let folder = OutputFolder(path: root.url.path)
        try folder.apply(files("Models/Note.swift", "Models/New/Deep.swift"), removing: ["Models/Gone.swift"])
        #expect(root.listing() == ["Models", "Models/New", "Models/New/Deep.swift", "Models/Note.swift"])
        #expect(try String(contentsOf: kept, encoding: .utf8) == "contents of Models/Note.swift\n")
        let mode = try FileManager.default.attributesOfItem(atPath: kept.path)[.posixPermissions] as? Int
        #expect(mode == 0o640)
    }

    @Test func aStagingFolderLeftByAKilledRunIsRemovedByTheNext() throws {
        let root = try TemporaryDirectory()
        let dead = try TemporaryNameTests.endedProcessID()
        try root.write("half", to: ".ckschema-\(dead)-k1ll3d/new-0")
        try OutputFolder(path: root.url.path).apply(files("a.txt"))
        #expect(root.listing() == ["a.txt"])
    }

    @Test func aMissingOutputFolderIsCreated() throws {
        let root = try TemporaryDirectory()
        let folder = OutputFolder(path: root.url.appendingPathComponent("a/b/c").path)
        try folder.apply(files("x.txt"))
        #expect(root.listing() == ["a", "a/b", "a/b/c", "a/b/c/x.txt"])
    }
}
