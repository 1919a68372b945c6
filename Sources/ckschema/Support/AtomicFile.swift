import CKSchemaDeploy
import Foundation

/// Writes files so that a reader sees the old content or the new, never a part. Single files ckschema writes
/// (converted schemas, plans, snapshots) go through `SnapshotWriter`'s one implementation: temporary file in the
/// same folder, fsync, rename, fsync of the folder; never through a symbolic link. Generated files go through
/// `OutputFolder`, which writes a whole set or nothing.
enum AtomicFile {
    /// Writes `contents` to `path` atomically, creating missing parent folders.
    static func write(_ contents: String, to path: String) throws(CommandFailure) {
        do {
            try SnapshotWriter.write(contents, to: path)
        } catch {
            throw .couldNotRun(error.message)
        }
    }
}
