@testable import CKSchemaDeploy
import CKSchemaCore
import CKSchemaFiles
import CKSchemaTestSupport
import Foundation
import Testing

/// The deploy lock: exclusive, released on every path, and taken over when its holder died.
@Suite struct DeployLockTests {
    @Test func aHeldLockRefusesASecondHolderUntilReleased() throws {
        let folder = try TemporaryDirectory()
        let environments = folder.url.appendingPathComponent("environments").path
        let first = try DeployLock.acquire(in: environments, command: "deploy --to production")
        #expect(first.replacedStaleLock == nil)
        let text = try String(contentsOfFile: first.path, encoding: .utf8)
        #expect(text.hasPrefix("pid \(getpid()) on host "))
        #expect(text.hasSuffix(": deploy --to production\n"))

        #expect(throws: DeployFailure.self) { try DeployLock.acquire(in: environments, command: "pull development") }
        do {
            _ = try DeployLock.acquire(in: environments, command: "pull development")
        } catch {
            #expect(error.message.hasPrefix("another deploy holds the lock '\(first.path)' (pid \(getpid()) on host "))
            #expect(!error.isRefusal)
        }

        first.release()
        #expect(!FileManager.default.fileExists(atPath: first.path))
        first.release()  // twice is harmless
        let second = try DeployLock.acquire(in: environments, command: "pull development")
        #expect(second.replacedStaleLock == nil)
        second.release()
    }

    @Test func aLockLeftByADeadProcessIsTakenOver() throws {
        let folder = try TemporaryDirectory()
        let stale = "pid 999999 on host elsewhere since 2020-01-01T00:00:00Z: deploy --to production"
        try folder.write(stale + "\n", to: DeployLock.fileName)
        let lock = try DeployLock.acquire(in: folder.url.path, command: "deploy --to development")
        #expect(lock.replacedStaleLock == stale)
        #expect(try String(contentsOfFile: lock.path, encoding: .utf8).hasSuffix(": deploy --to development\n"))
        lock.release()
    }

    @Test func anEmptyLockFileIsTakenOverWithoutBeingCalledStale() throws {
        let folder = try TemporaryDirectory()
        try folder.write("", to: DeployLock.fileName)
        let lock = try DeployLock.acquire(in: folder.url.path, command: "deploy --to development")
        #expect(lock.replacedStaleLock == nil)
        lock.release()
    }

    @Test func releasingOnDeinitRemovesTheFile() throws {
        let folder = try TemporaryDirectory()
        var path = ""
        do {
            let lock = try DeployLock.acquire(in: folder.url.path, command: "deploy")
            path = lock.path
            #expect(FileManager.default.fileExists(atPath: path))
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    /// A lock path committed as a link to a file of the user's: refused, and the file is never touched.
    @Test func aLinkAtTheLockPathIsRefusedAndWhatItPointsAtUntouched() throws {
        let folder = try TemporaryDirectory()
        let victim = try folder.write("the user's file\n", to: "victim.txt")
        let environments = folder.url.appendingPathComponent("environments")
        try FileManager.default.createDirectory(at: environments, withIntermediateDirectories: true)
        let lockPath = environments.appendingPathComponent(DeployLock.fileName).path
        try FileManager.default.createSymbolicLink(atPath: lockPath, withDestinationPath: victim.path)
        #expect(throws: DeployFailure.self) { try DeployLock.acquire(in: environments.path, command: "deploy") }
        do {
            _ = try DeployLock.acquire(in: environments.path, command: "deploy")
        } catch {
            #expect(error.message.hasPrefix("the lock '\(lockPath)' is a symbolic link; ckschema never follows one there"))
            #expect(!error.isRefusal)
        }
        #expect(try String(contentsOf: victim, encoding: .utf8) == "the user's file\n")
        #expect(FileEntry.at(lockPath) == .symbolicLink, "the link itself is left for the user to remove")
    }

    /// A dangling link used to make every attempt fail with "it keeps changing".
    @Test func aDanglingLinkAtTheLockPathIsRefusedClearly() throws {
        let folder = try TemporaryDirectory()
        let lockPath = folder.url.appendingPathComponent(DeployLock.fileName).path
        try FileManager.default.createSymbolicLink(atPath: lockPath, withDestinationPath: folder.url.appendingPathComponent("nowhere").path)
        do {
            _ = try DeployLock.acquire(in: folder.url.path, command: "deploy")
            Issue.record("a dangling link was taken as the lock")
        } catch {
            #expect(error.message.contains("is a symbolic link"))
            #expect(!error.message.contains("keeps changing"))
        }
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("nowhere").path))
    }

    @Test func somethingOtherThanAFileAtTheLockPathIsRefused() throws {
        let folder = try TemporaryDirectory()
        let lockPath = folder.url.appendingPathComponent(DeployLock.fileName).path
        #expect(mkfifo(lockPath, 0o600) == 0)
        #expect(throws: DeployFailure.couldNotRun("the lock '\(lockPath)' is not a regular file; remove it (ckschema "
            + "creates it itself)")) { try DeployLock.acquire(in: folder.url.path, command: "deploy") }
    }

    @Test func manyThreadsNeverHoldItAtOnce() throws {
        let folder = try TemporaryDirectory()
        let holders = Counter()
        DispatchQueue.concurrentPerform(iterations: 32) { index in
            for _ in 0..<20 {
                guard let lock = try? DeployLock.acquire(in: folder.url.path, command: "worker \(index)") else { continue }
                holders.enter()
                usleep(100)
                holders.leave()
                lock.release()
            }
        }
        #expect(holders.maximum == 1)
        #expect(holders.total > 0)
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(DeployLock.fileName).path))
    }
}

/// Counts concurrent holders.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var current = 0
    private(set) var maximum = 0
    private(set) var total = 0

    func enter() {
        lock.withLock {
            current += 1
            total += 1
            maximum = max(maximum, current)
        }
    }

    func leave() {
        lock.withLock { current -= 1 }
    }
}
