import Foundation

/// Writes a file (a snapshot, a plan, a converted schema, generated code) so that a reader — or a crash — sees
/// the old bytes or the new, never a part: the bytes go to a hidden temporary file in the same folder, are
/// flushed to disk, the file is renamed over the target, and the folder itself is flushed so the rename
/// survives a power loss.
public enum SnapshotWriter {
    /// Writes `text` to `path` atomically, creating the folder when it is missing.
    public static func write(_ text: String, to path: String) throws(DeployFailure) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw .couldNotRun("cannot create the folder '\(folder)': \(error.localizedDescription)")
        }
        let temporary = (folder as NSString).appendingPathComponent(
            ".\(url.lastPathComponent).ckschema-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw .couldNotRun("cannot write in '\(folder)': \(String(cString: strerror(errno)))")
        }
        let written = Array(text.utf8).withUnsafeBytes { writeAll($0, to: descriptor) }
        let synced = written && fsync(descriptor) == 0
        let reason = String(cString: strerror(errno))
        close(descriptor)
        guard synced, rename(temporary, path) == 0 else {
            let failure = synced ? String(cString: strerror(errno)) : reason
            unlink(temporary)
            throw .couldNotRun("cannot record '\(path)': \(failure)")
        }
        syncFolder(folder)
    }

    /// Writes every byte of `buffer`, retrying short writes and interruptions.
    private static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
        guard var pointer = buffer.baseAddress else { return true }
        var remaining = buffer.count
        while remaining > 0 {
            let count = Foundation.write(descriptor, pointer, remaining)
            if count < 0 {
                if errno == EINTR { continue }
                return false
            }
            pointer += count
            remaining -= count
        }
        return true
    }

    /// Flushes the folder's entries. Best effort: some file systems refuse to sync a folder, and the file's
    /// own bytes are already safe.
    private static func syncFolder(_ folder: String) {
        let descriptor = open(folder, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}
