#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder that generated files are written into — all of them or none, and never outside it.
///
/// The folder itself is where the user asked to write (it may be a symbolic link to another folder). Below it,
/// every path is resolved one component at a time with `openat(…, O_NOFOLLOW)`: a symbolic link anywhere
/// below the folder is refused, whether it leads outside or not, so nothing is ever written through one.
package struct OutputFolder: Sendable {
    /// The longest name one path component may have (`NAME_MAX` of common file systems).
    package static let maximumComponentBytes = 255
    /// The longest relative file name accepted.
    package static let maximumNameBytes = 1024

    /// The folder, as the user named it.
    package let path: String

    /// The folder at `path`.
    package init(path: String) {
        self.path = path
    }

    /// Why `name` cannot name a file inside an output folder, or `nil` when it can: a relative path of plain
    /// components (no `.`, `..` or empty ones, no backslash or control character), each at most
    /// `maximumComponentBytes` bytes long.
    package static func problem(withName name: String) -> String? {
        if name.isEmpty { return "is empty" }
        if name.hasPrefix("/") { return "is absolute" }
        if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0 == "\\" || (0x7F...0x9F).contains($0.value) }) {
            return "holds a backslash or a control character"
        }
        if name.utf8.count > maximumNameBytes { return "is longer than \(maximumNameBytes) bytes" }
        for component in name.split(separator: "/", omittingEmptySubsequences: false) {
            if component.isEmpty { return "has an empty path component" }
            if component == "." || component == ".." { return "leaves the output directory or uses '.'" }
            if component.utf8.count > maximumComponentBytes {
                return "has a component longer than \(maximumComponentBytes) bytes, which file systems cannot hold"
            }
        }
        return nil
    }

    /// Checks that the files `names` can be written together: each name is valid and none is the folder of
    /// another (`a` and `a/b`).
    package static func checkSet(_ names: [String]) throws(OutputFolderError) {
        for name in names {
            if let problem = problem(withName: name) { throw .invalidName(name, problem: problem) }
        }
        let files = Set(names)
        for name in names.sorted() {
            var folder = Substring(name)
            while let slash = folder.lastIndex(of: "/") {
                folder = folder[..<slash]
                if files.contains(String(folder)) { throw .fileAndFolder(String(folder), inside: name) }
            }
        }
    }

    /// What is at `name` inside the folder: `nil` when nothing is, else the file's permission bits. Throws when
    /// the path passes through a symbolic link or something that is not a folder, or ends at something other
    /// than a regular file.
    package func existingFile(_ name: String) throws(OutputFolderError) -> UInt32? {
        try withParent(of: name) { (folder, leaf) throws(OutputFolderError) in
            guard let folder else { return nil }
            switch FileEntry.at(leaf, in: folder) {
            case .missing: return nil
            case .regular(let mode): return mode
            case .symbolicLink: throw .symbolicLink(display(name))
            case .directory: throw .notAFile(display(name), kind: "a folder")
            case .other(let kind): throw .notAFile(display(name), kind: kind)
            }
        }
    }

    /// The first `limit` bytes of the regular file `name` inside the folder (at most `limit + 1`, so a caller
    /// can tell a longer file), or `nil` when it does not exist.
    package func read(_ name: String, limit: Int) throws(OutputFolderError) -> [UInt8]? {
        try withParent(of: name) { (folder, leaf) throws(OutputFolderError) in
            guard let folder, try existingFile(name) != nil else { return nil }
            let descriptor = openat(folder, leaf, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            guard descriptor >= 0 else { throw .failed(display(name), reason: InputFile.describe(errno)) }
            defer { close(descriptor) }
            var bytes = [UInt8](repeating: 0, count: limit + 1)
            guard let count = bytes.withUnsafeMutableBytes({ Descriptors.readFully(descriptor, into: $0) }) else {
                throw .failed(display(name), reason: InputFile.describe(errno))
            }
            return Array(bytes.prefix(count))
        }
    }

    /// The folder path joined with `name`, for messages.
    package func display(_ name: String) -> String {
        path.hasSuffix("/") ? path + name : path + "/" + name
    }

    /// Runs `body` with the open folder holding `name` (`nil` when a folder on the way does not exist) and
    /// `name`'s last component.
    private func withParent<Result>(
        of name: String, _ body: (Int32?, String) throws(OutputFolderError) -> Result
    ) throws(OutputFolderError) -> Result {
        let components = name.split(separator: "/").map(String.init)
        let root = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard root >= 0 else { return try body(nil, components.last ?? name) }
        var folder = root
        defer { close(folder) }
        var walked = ""
        for component in components.dropLast() {
            walked += (walked.isEmpty ? "" : "/") + component
            guard let next = try OutputFolder.openFolder(component, in: folder, display: display(walked), holding: display(name))
            else { return try body(nil, components.last ?? name) }
            close(folder)
            folder = next
        }
        return try body(folder, components.last ?? name)
    }

    /// Opens the folder `name` inside `parent` without following a link; `nil` when it does not exist.
    static func openFolder(_ name: String, in parent: Int32, display: String,
                           holding: String) throws(OutputFolderError) -> Int32? {
        let descriptor = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        if descriptor >= 0 { return descriptor }
        let code = errno
        switch FileEntry.at(name, in: parent) {
        case .missing: return nil
        case .symbolicLink: throw .symbolicLink(display)
        case .regular: throw .notAFolder(display, kind: "a file", holding: holding)
        case .other(let kind): throw .notAFolder(display, kind: kind, holding: holding)
        case .directory: throw .failed(display, reason: InputFile.describe(code))
        }
    }
}
