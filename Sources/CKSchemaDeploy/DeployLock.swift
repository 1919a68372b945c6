import CKSchemaFiles
import Foundation

/// The lock that keeps two deploys (or a deploy and a pull) of one project from interleaving:
/// `environments/.ckschema.lock`.
///
/// - **Taking it**: the file is created exclusively (`O_CREAT | O_EXCL`) and the creator holds an exclusive
///   `flock` on it for as long as it runs, with its pid, host, start time and command written inside. Whoever
///   holds the `flock` on the file at that path holds the lock.
/// - **Busy**: when the file exists and its `flock` is held, another deploy is running; ckschema does not
///   wait, it stops (exit 2) naming that deploy.
/// - **Stale**: when the file exists but nobody holds its `flock`, the process that made it died without
///   releasing it (a crash, `SIGKILL`, a power loss: the kernel drops a dead process's `flock`). The next
///   deploy takes it over and says so; no pid guessing, and no window in which two processes both think they
///   hold it, because taking over means holding the `flock` and then checking that the file is still the one
///   at the path.
/// - **Releasing**: the file is removed, then closed. This happens after success and after failure, and the
///   interrupt handler (`DeployInterruption`) removes it on `SIGINT`/`SIGTERM`.
/// - **Children**: programs the deploy starts (cktool) inherit the locked descriptor (`descriptorForChildren`),
///   and a `flock` lasts while any process holds its descriptor. So if ckschema itself is killed outright
///   (`SIGKILL`), the lock stays held until cktool has ended too: a second deploy cannot run its own import
///   while the first one's is still on its way to the server.
/// - **Never through a link**: the path is opened with `O_NOFOLLOW` and must be a regular file. A symbolic link
///   there (committed to a repository, say, pointing at a file of the user's) is refused with a clear error; it
///   is never followed, truncated or written.
package final class DeployLock: @unchecked Sendable {
    /// The lock file's name inside the environments folder.
    package static let fileName = ".ckschema.lock"

    /// The lock file.
    package let path: String
    /// What the stale lock this one replaced said, when it replaced one.
    package let replacedStaleLock: String?
    private var descriptor: Int32

    private init(path: String, descriptor: Int32, replacedStaleLock: String?) {
        self.path = path
        self.descriptor = descriptor
        self.replacedStaleLock = replacedStaleLock
    }

    deinit {
        release()
    }

    /// Takes the lock of the environments folder `folder` for `command` (`deploy --to production`), creating
    /// the folder when it is missing. Throws when another live process holds it.
    package static func acquire(in folder: String, command: String) throws(DeployFailure) -> DeployLock {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw .couldNotRun("cannot create the folder '\(folder)': \(error.localizedDescription)")
        }
        let path = (folder as NSString).appendingPathComponent(fileName)
        // A few rounds at most: each retry means the file changed under us (released or replaced) in between.
        for _ in 0..<50 {
            if let lock = try attempt(path: path, command: command) { return lock }
        }
        throw .couldNotRun("cannot take the lock '\(path)': it keeps changing; is another deploy starting and stopping?")
    }

    /// One attempt: `nil` when the file changed in between and the caller should try again.
    private static func attempt(path: String, command: String) throws(DeployFailure) -> DeployLock? {
        var created = true
        var descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        if descriptor < 0, errno == EEXIST {
            created = false
            descriptor = open(path, O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            if descriptor < 0, errno == ENOENT { return nil }  // released just now
        }
        guard descriptor >= 0 else {
            if FileEntry.at(path) == .symbolicLink { throw refusedLink(path) }
            throw .couldNotRun("cannot create the lock '\(path)': \(String(cString: strerror(errno)))")
        }
        guard case .regular = FileEntry.of(descriptor) else {
            close(descriptor)
            throw .couldNotRun("the lock '\(path)' is not a regular file; remove it (ckschema creates it itself)")
        }
        descriptor = aboveStandardStreams(descriptor)
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let holder = contents(of: descriptor)
            close(descriptor)
            throw .couldNotRun(busyMessage(path: path, holder: holder))
        }
        // The file may have been released (removed) or replaced between `open` and `flock`.
        guard isStill(descriptor, at: path) else {
            close(descriptor)
            return nil
        }
        // An empty file is not stale: its creator is between creating it and locking it, and has now lost.
        let stale = created ? nil : contents(of: descriptor)
        let lock = DeployLock(path: path, descriptor: descriptor, replacedStaleLock: stale)
        guard lock.record(command: command) else {
            throw .couldNotRun("cannot write the lock '\(path)': \(String(cString: strerror(errno)))")
        }
        DeployInterruption.lockTaken(path)
        return lock
    }

    /// The refusal of a symbolic link at the lock's path.
    private static func refusedLink(_ path: String) -> DeployFailure {
        .couldNotRun("the lock '\(path)' is a symbolic link; ckschema never follows one there (it would overwrite "
            + "what the link points at): remove the link, and keep '\(fileName)' out of version control")
    }

    /// Why the lock is busy: its holder, or — when the holder has ended on this machine — the program it
    /// started that still holds it.
    private static func busyMessage(path: String, holder: String?) -> String {
        let suffix = "; nothing was changed, try again when it has finished"
        guard let holder else {
            return "another deploy holds the lock '\(path)' (it has not written its details yet)" + suffix
        }
        if let pid = Self.pid(in: holder), holder.contains(" on host \(ProcessInfo.processInfo.hostName) "),
           kill(pid, 0) != 0, errno == ESRCH {
            return "the lock '\(path)' is still held by a program that an ended deploy started (\(holder)): a cktool "
                + "call it made may still be reaching the server" + suffix
        }
        return "another deploy holds the lock '\(path)' (\(holder))" + suffix
    }

    /// The pid in a lock's text (`pid 123 on host …`).
    private static func pid(in holder: String) -> Int32? {
        guard holder.hasPrefix("pid ") else { return nil }
        return Int32(holder.dropFirst(4).prefix { $0.isNumber })
    }

    /// The locked descriptor, for the programs a deploy starts to inherit: while one of them runs, the lock
    /// stays held even if ckschema itself was killed. `-1` once released.
    package var descriptorForChildren: Int32 {
        descriptor
    }

    /// Removes the lock. Safe to call more than once.
    package func release() {
        guard descriptor >= 0 else { return }
        DeployInterruption.lockReleased()
        // Remove before closing: while the flock is held nobody else can have taken the file over.
        unlink(path)
        close(descriptor)
        descriptor = -1
    }

    /// Writes who holds the lock: `pid 123 on host mac.local since 2025-01-02T03:04:05Z: deploy --to production`.
    private func record(command: String) -> Bool {
        let since = ISO8601DateFormatter().string(from: Date())
        let text = "pid \(getpid()) on host \(ProcessInfo.processInfo.hostName) since \(since): \(command)\n"
        guard ftruncate(descriptor, 0) == 0 else { return false }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        return written == bytes.count && fsync(descriptor) == 0
    }

    /// The lock file's text, one line, for messages (`pid 123 on host … since …: deploy --to production`);
    /// `nil` when the file is empty.
    private static func contents(of descriptor: Int32) -> String? {
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        let text = String(decoding: buffer.prefix(max(0, count)), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }

    /// Whether the open file `descriptor` is the file now at `path` (not following a link there).
    private static func isStill(_ descriptor: Int32, at path: String) -> Bool {
        var open = stat(), named = stat()
        guard fstat(descriptor, &open) == 0, lstat(path, &named) == 0 else { return false }
        return open.st_dev == named.st_dev && open.st_ino == named.st_ino
    }

    /// `descriptor` moved to 3 or above (it lands on 0–2 when ckschema runs with a standard stream closed), so
    /// that handing it to a child as descriptor 3 never collides with the child's standard streams.
    private static func aboveStandardStreams(_ descriptor: Int32) -> Int32 {
        guard descriptor <= STDERR_FILENO else { return descriptor }
        let moved = fcntl(descriptor, F_DUPFD_CLOEXEC, STDERR_FILENO + 1)
        guard moved >= 0 else { return descriptor }
        close(descriptor)
        return moved
    }
}
