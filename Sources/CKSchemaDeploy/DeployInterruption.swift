import CSignalSlots
import Foundation

/// What must be undone when ckschema is interrupted in the middle of a deploy or pull, published while it runs:
/// the backend's process group (cktool and anything it started), the staged snapshot, the temporary schema
/// file handed to cktool and its private folder, the lock file. `cleanUp()` undoes it; the executable calls it
/// from its signal handler (process-wide handlers belong to the program, not to a library), then lets the
/// signal end the process as it would have.
///
/// Snapshots themselves need no cleanup: they are only ever replaced by an atomic rename after a successful
/// apply. What a `SIGKILL` leaves (it cannot be caught) is removed by a later run: see `TemporaryName`.
///
/// The state lives in lock-free C atomics (`CSignalSlots`): the process group of the running backend program
/// (0 when none runs), and the addresses of C strings naming the lock file, the staged snapshot, the file in
/// the backend's private temporary folder and that folder (0 when none). Strings are never freed, so the
/// handler can never read freed memory (one short string per file published).
package enum DeployInterruption {
    /// Publishes the lock file just taken, for the handler to remove.
    static func lockTaken(_ path: String) {
        ckschema_signal_slot_store(CKSignalSlotHeldLock, Int(bitPattern: strdup(path)))
    }

    /// The lock was released: the handler has nothing to remove.
    static func lockReleased() {
        ckschema_signal_slot_store(CKSignalSlotHeldLock, 0)
    }

    /// Publishes the staged snapshot file (`nil`: none any more), for the handler to remove.
    static func staged(_ path: String?) {
        publish(path, in: CKSignalSlotStagedFile)
    }

    /// Publishes the backend's temporary folder and the file in it (`nil`: none any more), for the handler to
    /// remove.
    static func backendTemporary(folder: String?, file: String?) {
        publish(file, in: CKSignalSlotBackendFile)
        publish(folder, in: CKSignalSlotBackendFolder)
    }

    private static func publish(_ path: String?, in slot: CKSignalSlot) {
        ckschema_signal_slot_store(slot, path.map { Int(bitPattern: strdup($0)) } ?? 0)
    }

    /// Publishes the process group of the backend program just started, for the handler to kill.
    static func backendStarted(group: Int32) {
        ckschema_signal_slot_store(CKSignalSlotBackendGroup, Int(group))
    }

    /// The backend program has ended.
    static func backendFinished() {
        ckschema_signal_slot_store(CKSignalSlotBackendGroup, 0)
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
        let group = Int32(truncatingIfNeeded: ckschema_signal_slot_load(CKSignalSlotBackendGroup))
        let lock = published(CKSignalSlotHeldLock)
        if group > 0 {
            kill(-group, SIGKILL)
        }
        if let file = published(CKSignalSlotStagedFile) { unlink(file) }
        if let file = published(CKSignalSlotBackendFile) { unlink(file) }
        if let folder = published(CKSignalSlotBackendFolder) { rmdir(folder) }
        if let lock {
            unlink(lock)
        }
        if group > 0 || lock != nil {
            _ = write(STDERR_FILENO, interruptionMessage.utf8Start, interruptionMessage.utf8CodeUnitCount)
        }
    }
}

/// The C string published in `slot`, if any (async-signal-safe: one atomic load).
private func published(_ slot: CKSignalSlot) -> UnsafeMutablePointer<CChar>? {
    UnsafeMutablePointer<CChar>(bitPattern: ckschema_signal_slot_load(slot))
}
