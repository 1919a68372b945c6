#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Opens and reads the files ckschema takes as input — schemas, configurations, record files, snapshots, plans —
/// refusing anything that is not a regular file on disk.
///
/// A path may be a symbolic link (shared schema folders are linked into packages), but what it leads to must be
/// a regular file: not a folder, a named pipe (reading it could block forever), a device (`/dev/zero` never
/// ends), a socket, or a file of a kernel file system such as `/proc` or `/sys` — `/proc/self/environ` is a
/// "regular" file that holds ckschema's whole environment, secrets included, and diagnostics quote the lines
/// of the files they read. The checks are made on the opened descriptor, so the path cannot change in between.
package enum InputFile {
    /// The largest schema, configuration, snapshot or plan file read: far beyond any real CloudKit schema (a
    /// container at CloudKit's limits prints to about 3 MB), small enough that a hostile input cannot exhaust
    /// memory.
    package static let schemaSizeLimit = 16 << 20

    /// An input file opened for reading.
    package struct Opened: Sendable {
        /// The descriptor (close-on-exec); the caller closes it.
        package let descriptor: Int32
        /// The file's size when it was opened.
        package let size: Int
    }

    /// Opens `path` for reading, after checking that it leads to a regular file on disk.
    package static func open(_ path: String) throws(InputFileError) -> Opened {
        // O_NONBLOCK: opening a named pipe must not wait for a writer before it can be refused.
        let descriptor = systemOpen(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else {
            let code = errno
            throw code == ENOENT ? .missing(path) : .unreadable(path, reason: describe(code))
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            _ = close(descriptor)
            throw .unreadable(path, reason: describe(code))
        }
        if let kind = FileEntry.kindName(mode: status.st_mode), kind != "regular file" {
            _ = close(descriptor)
            throw .notRegular(path, kind: kind)
        }
        if let fileSystem = FileSystemKind.virtualFileSystem(of: descriptor) {
            _ = close(descriptor)
            throw .virtualFileSystem(path, fileSystem: fileSystem)
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return Opened(descriptor: descriptor, size: Int(status.st_size))
    }

    /// The bytes of the regular file at `path`, at most `limit` of them (more is an error).
    package static func read(_ path: String, limit: Int = schemaSizeLimit) throws(InputFileError) -> [UInt8] {
        let opened = try open(path)
        defer { _ = close(opened.descriptor) }
        guard opened.size <= limit else { throw .tooLarge(path, limit: limit) }
        // One byte more than the file's size (or the limit): a file that grew is read to its end or the limit.
        var bytes = [UInt8](repeating: 0, count: min(limit, max(opened.size, 4096)) + 1)
        var count = 0
        while true {
            let space = bytes.count - count
            let read = bytes.withUnsafeMutableBytes { buffer in
                Descriptors.readFully(opened.descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[count...]))
            }
            guard let read else { throw .unreadable(path, reason: describe(errno)) }
            count += read
            guard read == space else { break }
            guard bytes.count <= limit else { throw .tooLarge(path, limit: limit) }
            bytes.append(contentsOf: repeatElement(0, count: min(bytes.count, limit + 1 - bytes.count)))
        }
        guard count <= limit else { throw .tooLarge(path, limit: limit) }
        bytes.removeLast(bytes.count - count)
        return bytes
    }

    /// Standard input's bytes, at most `limit` of them (more is an error, named `-`). Whatever standard input is
    /// — a pipe, a terminal, a file — the user asked for it by name.
    package static func readStandardInput(limit: Int = schemaSizeLimit) throws(InputFileError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: limit + 1)
        guard let count = bytes.withUnsafeMutableBytes({ Descriptors.readFully(STDIN_FILENO, into: $0) }) else {
            throw .unreadable("-", reason: describe(errno))
        }
        guard count <= limit else { throw .tooLarge("-", limit: limit) }
        bytes.removeLast(bytes.count - count)
        return bytes
    }

    /// The bytes of the regular file at `path`, or `nil` when nothing is there (a snapshot never recorded).
    package static func readIfPresent(_ path: String, limit: Int = schemaSizeLimit) throws(InputFileError) -> [UInt8]? {
        do {
            return try read(path, limit: limit)
        } catch {
            if case .missing = error, FileEntry.at(path) == .missing { return nil }
            throw error
        }
    }

    /// `strerror` in lower case, as a clause.
    static func describe(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}

/// `open(2)` under a name that does not clash with `InputFile.open`.
private func systemOpen(_ path: String, _ flags: Int32) -> Int32 {
    open(path, flags)
}
