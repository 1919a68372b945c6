import Foundation
import Synchronization

/// Cleans up when ckschema is interrupted (`SIGINT`, `SIGTERM`, `SIGHUP`) in the middle of a deploy or pull:
/// kills the backend's process group (cktool and anything it started), removes the lock file, says that
/// nothing was recorded, then lets the signal end the process as it would have.
///
/// Snapshots need no cleanup: they are only ever replaced by an atomic rename after a successful apply.
/// The handler uses only async-signal-safe calls (`kill`, `unlink`, `write`, `signal`, `raise`) on state
/// published through atomics.
public enum DeployInterruption {
    /// The process group of the running backend program; 0 when none runs.
    static let backendGroup = Atomic<Int32>(0)
    /// The address of the lock file's path as a C string; 0 when no lock is held. Strings are never freed, so
    /// the handler can never read freed memory (one short string per lock taken).
    static let heldLock = Atomic<Int>(0)

    /// Installs the handler for `SIGINT`, `SIGTERM` and `SIGHUP`, and unblocks them on the calling thread (a
    /// parent may have started ckschema with them blocked, which would leave it, and the cktool it starts,
    /// deaf to an interrupt). Call it once, on the main thread, before taking the lock.
    public static func install() {
        var signals = sigset_t()
        sigemptyset(&signals)
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            signal(signalNumber, interruptHandler)
            sigaddset(&signals, signalNumber)
        }
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }

    /// Publishes the lock file just taken, for the handler to remove.
    static func lockTaken(_ path: String) {
        heldLock.store(Int(bitPattern: strdup(path)), ordering: .sequentiallyConsistent)
    }

    /// The lock was released: the handler has nothing to remove.
    static func lockReleased() {
        heldLock.store(0, ordering: .sequentiallyConsistent)
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

/// The signal handler: async-signal-safe calls only.
private func interruptHandler(_ signalNumber: Int32) {
    let group = DeployInterruption.backendGroup.load(ordering: .sequentiallyConsistent)
    let lock = UnsafeMutablePointer<CChar>(bitPattern: DeployInterruption.heldLock.load(ordering: .sequentiallyConsistent))
    if group > 0 {
        kill(-group, SIGKILL)
    }
    if let lock {
        unlink(lock)
    }
    if group > 0 || lock != nil {
        _ = write(STDERR_FILENO, interruptionMessage.utf8Start, interruptionMessage.utf8CodeUnitCount)
    }
    signal(signalNumber, SIG_DFL)
    raise(signalNumber)
}
