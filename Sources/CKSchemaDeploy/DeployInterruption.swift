import Foundation
import Synchronization

/// What must be undone when ckschema is interrupted in the middle of a deploy or pull, published while it runs:
/// the backend's process group (cktool and anything it started), the staged snapshot, the temporary schema
/// file handed to cktool and its private folder, the lock file. `cleanUp()` undoes it; the executable calls it
/// from its signal handler (process-wide handlers belong to the program, not to a library), then lets the
/// signal end the process as it would have.
///
/// Snapshots themselves need no cleanup: they are only ever replaced by an atomic rename after a successful
/// apply. What a `SIGKILL` leaves (it cannot be caught) is removed by a later run: see `TemporaryName`.
package enum DeployInterruption {
    /// The process group of the running backend program; 0 when none runs.
    static let backendGroup = Atomic<Int32>(0)
    /// The address of the lock file's path as a C string; 0 when no lock is held. Strings are never freed, so
    /// the handler can never read freed memory (one short string per lock taken).
    static let heldLock = Atomic<Int>(0)
    /// The staged snapshot (a temporary file beside the snapshot) as a C string; 0 when none.
    static let stagedFile = Atomic<Int>(0)
    /// The file in the backend's private temporary folder as a C string; 0 when none.
    static let backendFile = Atomic<Int>(0)
    /// The backend's private temporary folder as a C string; 0 when none.
    static let backendFolder = Atomic<Int>(0)

    /// Publishes the lock file just taken, for the handler to remove.
    static func lockTaken(_ path: String) {
        heldLock.store(Int(bitPattern: strdup(path)), ordering: .sequentiallyConsistent)
    }

    /// The lock was released: the handler has nothing to remove.
    static func lockReleased() {
        heldLock.store(0, ordering: .sequentiallyConsistent)
    }

    /// Publishes the staged snapshot file (`nil`: none any more), for the handler to remove.
    static func staged(_ path: String?) {
        publish(path, in: stagedFile)
    }

    /// Publishes the backend's temporary folder and the file in it (`nil`: none any more), for the handler to
    /// remove.
    static func backendTemporary(folder: String?, file: String?) {
        publish(file, in: backendFile)
        publish(folder, in: backendFolder)
    }

    private static func publish(_ path: String?, in slot: borrowing Atomic<Int>) {
        slot.store(path.map { Int(bitPattern: strdup($0)) } ?? 0, ordering: .sequentiallyConsistent)
    }

    /// Publishes the process group of the backend program just started, for the handler to kill.
    static func backendStarted(group: Int32) {
        backendGroup.store(group, ordering: .sequentiallyConsistent)
    }

    /// The backend program has ended.
    static func backendFinished() {
        backendGroup.store(0, ordering: .sequentiallyConsistent)
    }
}

/// The message written on interruption (a static string: the handler may not allocate).
private let interruptionMessage: StaticString =
    "\nckschema: interrupted; nothing was recorded (if cktool had already sent the schema, run 'ckschema pull')\n"

extension DeployInterruption {
    /// Kills the backend's process group, removes the published files and the lock, and says on standard error
    /// that nothing was recorded when there was something to undo. Async-signal-safe (`kill`, `unlink`,
    /// `rmdir`, `write` on state published through atomics; no allocation), so a signal handler may call it.
    package static func cleanUp() {
        let group = DeployInterruption.backendGroup.load(ordering: .sequentiallyConsistent)
        let lock = UnsafeMutablePointer<CChar>(bitPattern: DeployInterruption.heldLock.load(ordering: .sequentiallyConsistent))
        if group > 0 {
            kill(-group, SIGKILL)
        }
        if let file = published(DeployInterruption.stagedFile) { unlink(file) }
        if let file = published(DeployInterruption.backendFile) { unlink(file) }
        if let folder = published(DeployInterruption.backendFolder) { rmdir(folder) }
        if let lock {
            unlink(lock)
        }
        if group > 0 || lock != nil {
            _ = write(STDERR_FILENO, interruptionMessage.utf8Start, interruptionMessage.utf8CodeUnitCount)
        }
    }
}

/// The C string published in `slot`, if any (async-signal-safe: one atomic load).
private func published(_ slot: borrowing Atomic<Int>) -> UnsafeMutablePointer<CChar>? {
    UnsafeMutablePointer<CChar>(bitPattern: slot.load(ordering: .sequentiallyConsistent))
}
