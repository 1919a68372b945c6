import CKSchemaFiles
import CKSchemaProcess
import CKSchemaTestSupport
import Foundation
import Testing

/// Temporary names say which process made them, so what a killed run left is removed by a later one — and
/// nothing else is.
@Suite struct TemporaryNameTests {
    @Test func namesCarryTheProcessAndStayShort() {
        let name = TemporaryName.make()
        #expect(name.hasPrefix(".ckschema-\(getpid())-"))
        #expect(name.hasSuffix(".tmp"))
        #expect(name.utf8.count <= 48)
        #expect(TemporaryName.owner(of: name) == getpid())
        #expect(!TemporaryName.isStale(name), "this process's own names are never stale")
    }

    @Test(arguments: [
        (".ckschema-123-abc.tmp", Int32(123)), (".ckschema-9-z0", 9), ("ckschema-77-Ab12Cd", 77),
        (".development.ckdb.ckschema-4242-3141592653", 4242),
    ])
    func theFormsWrittenAreRecognised(_ name: String, _ pid: Int32) {
        #expect(TemporaryName.owner(of: name) == pid)
    }

    @Test(arguments: [
        "ckschema-2024-notes.txt", "ckschema-test-1234", ".ckschema.lock", "ckschema-12-abc", ".ckschema-12-ABC.tmp",
        "development.ckdb", ".ckschema--1-abc", ".ckschema-99999999999-a", "schema.ckschema-12-34",
    ])
    func otherNamesAreNeverTakenForTemporaryOnes(_ name: String) {
        #expect(TemporaryName.owner(of: name) == nil)
    }

    @Test func onlyEntriesOfProcessesThatEndedAreRemoved() throws {
        let folder = try TemporaryDirectory()
        let dead = try Self.endedProcessID()
        try folder.write("left by a killed run", to: ".ckschema-\(dead)-abc.tmp")
        try folder.write("staged", to: ".ckschema-\(dead)-def/new-0")
        try folder.write("mine", to: ".ckschema-\(getpid())-ghi.tmp")
        try folder.write("user's", to: "ckschema-\(dead)-notes.txt")
        try folder.write("legacy", to: ".development.ckdb.ckschema-\(dead)-12345")
        let removed = TemporaryName.removeStale(in: folder.url.path)
        #expect(Set(removed) == [".ckschema-\(dead)-abc.tmp", ".ckschema-\(dead)-def", ".development.ckdb.ckschema-\(dead)-12345"])
        #expect(folder.listing() == [".ckschema-\(getpid())-ghi.tmp", "ckschema-\(dead)-notes.txt"])
    }

    /// The pid of a process that has ended and been reaped.
    static func endedProcessID() throws -> Int32 {
        let program = try LaunchedProgram("/bin/true", options: .init(outputLimit: .keepFirst(bytesPerStream: 0)))
        _ = program.wait()
        return program.processIdentifier
    }
}
