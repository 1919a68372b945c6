import CKSchemaProcess
import CKSchemaTestSupport
import Foundation
import Testing

/// What a program leaves behind: descendants that left its process group are stopped with it, and a descriptor
/// handed to it (the deploy lock) lives as long as it does.
@Suite(.timeLimit(.minutes(1))) struct ChildProcessEscapeTests {
    /// The process id a script printed with `echo $!`.
    private static func printedPid(_ result: ChildProcess.Result) throws -> Int32 {
        try #require(Int32(ChildProcessTests.text(result.standardOutput).split(separator: "\n").first ?? ""))
    }

    #if os(Linux)
    @Test func aGrandchildStartedWithSetsidIsStoppedAtTheTimeout() throws {
        // `setsid` puts the sleeper in a session and process group of its own: signals to the program's group
        // miss it. Its output goes elsewhere, so nothing holds the pipes open.
        let result = try ChildProcessTests.shell("setsid sleep 300 >/dev/null 2>&1 </dev/null & echo $!; sleep 300",
                                                 .init(timeout: 0.5, gracePeriod: 0.2, outputLimit: .enough))
        #expect(result.timedOut)
        let escaped = try Self.printedPid(result)
        #expect(ProcessLiveness.waitUntilEnded(escaped), "the setsid grandchild survived the timeout")
    }

    @Test func aSetsidGrandchildHoldingTheOutputsIsStoppedWithTheProgram() throws {
        // The program exits at once; its escaped child keeps standard output open until it is stopped.
        let started = Date()
        let result = try ChildProcessTests.shell("setsid sleep 300 & echo $!", .init(outputLimit: .enough, outputGracePeriod: 0.3))
        #expect(result.exitStatus == 0)
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(ProcessLiveness.waitUntilEnded(try Self.printedPid(result)))
    }
    #endif

    @Test func anInheritedDescriptorIsTheProgramsDescriptorThree() throws {
        let folder = try TemporaryDirectory()
        let path = folder.url.appendingPathComponent("lock").path
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        #expect(flock(descriptor, LOCK_EX | LOCK_NB) == 0)
        // The program writes through descriptor 3 into the locked file; descriptor 4 is closed.
        let result = try ChildProcessTests.shell("echo through-3 >&3 && { true >&4; } 2>/dev/null || echo no-4",
                                                 .init(outputLimit: .enough, inheritedDescriptor: descriptor))
        #expect(result.exitStatus == 0)
        #expect(ChildProcessTests.text(result.standardOutput) == "no-4\n")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "through-3\n")
    }

    @Test func aLockHandedToAProgramStaysHeldWhileItRuns() throws {
        let folder = try TemporaryDirectory()
        let path = folder.url.appendingPathComponent("lock").path
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        #expect(flock(descriptor, LOCK_EX | LOCK_NB) == 0)
        let started = folder.url.appendingPathComponent("started").path
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            _ = try? ChildProcessTests.shell("touch '\(started)'; sleep 2", .init(outputLimit: .enough, inheritedDescriptor: descriptor))
            done.signal()
        }
        #expect(Polling.wait(upTo: 20) { FileManager.default.fileExists(atPath: started) })
        close(descriptor)  // as if ckschema had died: only the program holds the lock now
        let other = open(path, O_RDWR | O_CLOEXEC)
        defer { close(other) }
        #expect(flock(other, LOCK_EX | LOCK_NB) != 0, "the program still holds the lock")
        done.wait()
        #expect(Polling.wait(upTo: 5) { flock(other, LOCK_EX | LOCK_NB) == 0 }, "the lock is free once it ended")
    }
}
