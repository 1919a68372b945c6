import CKSchemaDeploy
import Foundation

/// Writes files so that a reader sees the old content or the new, never a part. Every file ckschema writes
/// (converted schemas, generated code, plans, snapshots) goes through `SnapshotWriter`'s one implementation:
/// temporary file in the same folder, fsync, rename, fsync of the folder.
enum AtomicFile {
    /// Writes `contents` to `path` atomically, creating missing parent folders.
    static func write(_ contents: String, to path: String) throws(CommandFailure) {
        do {
            try SnapshotWriter.write(contents, to: path)
        } catch {
            throw .couldNotRun(error.message)
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
