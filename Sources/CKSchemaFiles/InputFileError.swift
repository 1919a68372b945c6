/// Why an input file cannot be read. Each case reads as one sentence.
package enum InputFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing is at the path (or a link there leads nowhere).
    case missing(String)
    /// The path leads to something that is not a regular file: `kind` says what (`a folder`, `a named pipe`).
    case notRegular(String, kind: String)
    /// The path leads into a kernel file system such as `/proc`, whose "files" are not data on disk.
    case virtualFileSystem(String, fileSystem: String)
    /// The file is larger than `limit` bytes.
    case tooLarge(String, limit: Int)
    /// The system refused to open or read it; `reason` in its words.
    case unreadable(String, reason: String)

    /// The path concerned.
    package var path: String {
        switch self {
        case .missing(let path), .notRegular(let path, _), .virtualFileSystem(let path, _), .tooLarge(let path, _),
             .unreadable(let path, _):
            path
        }
    }

    package var description: String {
        switch self {
        case .missing(let path):
            "'\(path)' does not exist"
        case .notRegular(let path, let kind):
            "'\(path)' is not a regular file (it is \(kind)); ckschema reads only regular files (and standard input as '-')"
        case .virtualFileSystem(let path, let fileSystem):
            "'\(path)' is not a file on disk (it is in the kernel's \(fileSystem) file system); ckschema reads only "
                + "regular files"
        case .tooLarge(let path, let limit):
            "'\(path)' is larger than \(ByteCount.describe(limit)), the limit for this kind of file"
        case .unreadable(let path, let reason):
            "'\(path)' cannot be read: \(reason)"
        }
    }
}
