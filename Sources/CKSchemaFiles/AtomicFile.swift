import Foundation

/// Writes one file (a snapshot, a plan, a converted schema) so that a reader — or a crash — sees the old bytes or
/// the new, never a part: the bytes go to a hidden temporary file in the same folder, are flushed to disk, the
/// file is renamed over the target, and the folder itself is flushed so the rename survives a power loss.
///
/// - **Links are never written through or replaced.** When the target is a symbolic link (or anything but a
///   regular file), the write is refused before anything is written: replacing the link would silently cut
///   it, and writing through it would write outside where the user asked.
/// - **A replaced file keeps its permission bits** (a snapshot made `0600` or group-writable stays so); a new
///   file gets `0644` less the umask.
/// - **Temporary names are short** (`.ckschema-<pid>-<random>.tmp`, `TemporaryName`), so a target whose name is
///   as long as the file system allows can still be written; those a killed run left in the folder are removed
///   first.
/// - Writing can be split in two (`stage`, then `StagedFile.commit()`), so that the bytes are on disk before an
///   irreversible step (a cktool import) and only the rename is left for after it.
package enum AtomicFile {
    /// Writes `text` to `path` atomically, creating the folder when it is missing.
    package static func write(_ text: String, to path: String) throws(AtomicFileError) {
        try stage(text, for: path).commit()
    }

    /// Writes `text` to a temporary file beside `path`, flushed to disk, ready to be renamed over `path`.
    package static func stage(_ text: String, for path: String) throws(AtomicFileError) -> StagedFile {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let mode = try replaceableMode(of: path)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw AtomicFileError("cannot create the folder '\(folder)': \(error.localizedDescription)")
        }
        TemporaryName.removeStale(in: folder)
        let temporary = (folder as NSString).appendingPathComponent(TemporaryName.make())
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw AtomicFileError("cannot write in '\(folder)': \(String(cString: strerror(errno)))")
        }
        let written = Array(text.utf8).withUnsafeBytes { Descriptors.writeAll($0, to: descriptor) }
        let synced = written && (mode.map { fchmod(descriptor, mode_t($0)) == 0 } ?? true) && fsync(descriptor) == 0
        let reason = String(cString: strerror(errno))
        close(descriptor)
        guard synced else {
            unlink(temporary)
            throw AtomicFileError("cannot record '\(path)': \(reason)")
        }
        return StagedFile(temporary: temporary, target: path, folder: folder)
    }

    /// The permission bits of the regular file at `path` (`nil` when there is none); throws when something
    /// other than a regular file is there.
    private static func replaceableMode(of path: String) throws(AtomicFileError) -> UInt32? {
        switch FileEntry.at(path) {
        case .missing:
            return nil
        case .regular(let mode):
            return mode
        case .symbolicLink:
            throw AtomicFileError("'\(path)' is a symbolic link; ckschema never writes through a link or replaces one "
                + "(replace the link with the file itself, or write elsewhere)")
        case .directory:
            throw AtomicFileError("cannot write '\(path)': it is a folder")
        case .other(let kind):
            throw AtomicFileError("cannot write '\(path)': it is \(kind), not a regular file")
        }
    }
}

/// Why a file could not be written; the target is as it was.
package struct AtomicFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// One sentence, naming the path.
    package let message: String

    init(_ message: String) {
        self.message = message
    }

    package var description: String { message }
}

/// A file written and flushed beside its target, waiting to replace it.
package struct StagedFile: Sendable {
    /// The temporary file.
    package let temporary: String
    /// The file it will replace.
    package let target: String
    let folder: String

    /// Renames the temporary file over the target and flushes the folder.
    package func commit() throws(AtomicFileError) {
        guard rename(temporary, target) == 0 else {
            let reason = String(cString: strerror(errno))
            discard()
            throw AtomicFileError("cannot record '\(target)': \(reason)")
        }
        let descriptor = open(folder, O_RDONLY | O_CLOEXEC)
        if descriptor >= 0 {
            Descriptors.syncFolder(descriptor)
            close(descriptor)
        }
    }

    /// Removes the temporary file.
    package func discard() {
        unlink(temporary)
    }
}
