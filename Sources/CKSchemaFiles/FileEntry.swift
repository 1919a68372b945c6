#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What is at a path, looked at without following a symbolic link there (`lstat`).
package enum FileEntry: Equatable, Sendable {
    /// Nothing.
    case missing
    /// A regular file with these permission bits.
    case regular(mode: UInt32)
    /// A folder.
    case directory
    /// A symbolic link (whatever it leads to, or nothing).
    case symbolicLink
    /// Something else: `kind` names it (`a named pipe`, `a socket`, `a device`).
    case other(kind: String)

    /// What is at `path`; `missing` also when it cannot be looked at.
    package static func at(_ path: String) -> FileEntry {
        var status = stat()
        guard lstat(path, &status) == 0 else { return .missing }
        return entry(status)
    }

    /// What `name` is inside the open folder `folder`, without following a link.
    package static func at(_ name: String, in folder: Int32) -> FileEntry {
        var status = stat()
        guard fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { return .missing }
        return entry(status)
    }

    /// What the open `descriptor` is.
    package static func of(_ descriptor: Int32) -> FileEntry {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .missing }
        return entry(status)
    }

    /// The entry a `stat` result describes.
    static func entry(_ status: stat) -> FileEntry {
        switch status.st_mode & S_IFMT {
        case S_IFREG: .regular(mode: UInt32(status.st_mode & 0o7777))
        case S_IFDIR: .directory
        case S_IFLNK: .symbolicLink
        default: .other(kind: kindName(mode: status.st_mode) ?? "a special file")
        }
    }

    /// `regular file`, or what else the file type bits of `mode` say, with an article (`a named pipe`).
    static func kindName(mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: "regular file"
        case S_IFDIR: "a folder"
        case S_IFLNK: "a symbolic link"
        case S_IFIFO: "a named pipe"
        case S_IFSOCK: "a socket"
        case S_IFCHR, S_IFBLK: "a device"
        default: nil
        }
    }
}

/// Byte counts in messages.
enum ByteCount {
    /// `16 MiB`, `1.5 MiB`, `512 bytes`.
    static func describe(_ bytes: Int) -> String {
        if bytes >= 1 << 20 {
            let mebibytes = Double(bytes) / Double(1 << 20)
            return mebibytes == mebibytes.rounded() ? "\(Int(mebibytes)) MiB" : "\((mebibytes * 10).rounded() / 10) MiB"
        }
        return "\(bytes) bytes"
    }
}
