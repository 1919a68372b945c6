import Foundation

/// Writes files so that a reader sees the old content or the new, never a part: the bytes go to a
/// temporary file in the same folder, are flushed to disk, then renamed over the target.
enum AtomicFile {
    /// Writes `contents` to `path` atomically, creating missing parent folders.
    static func write(_ contents: String, to path: String) throws(CommandFailure) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .couldNotRun("cannot create folder '\(folder.path)': \(error.localizedDescription)")
        }
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).ckschema-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil),
              let handle = FileHandle(forWritingAtPath: temporary.path) else {
            throw .couldNotRun("cannot write to folder '\(folder.path)'")
        }
        do {
            try handle.write(contentsOf: Data(contents.utf8))
            try handle.synchronize()
            try handle.close()
        } catch {
            try? handle.close()
            try? FileManager.default.removeItem(at: temporary)
            throw .couldNotRun("cannot write '\(path)': \(error.localizedDescription)")
        }
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw .couldNotRun("cannot replace '\(path)': \(reason)")
        }
    }

    /// Writes `contents` to `path` only when the file does not already hold exactly that; returns whether
    /// it wrote. Unchanged files keep their modification date, so builds do not redo work.
    @discardableResult
    static func writeIfChanged(_ contents: String, to path: String) throws(CommandFailure) -> Bool {
        if let existing = FileManager.default.contents(atPath: path), existing == Data(contents.utf8) {
            return false
        }
        try write(contents, to: path)
        return true
    }
}
