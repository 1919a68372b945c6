import Foundation

/// A project's folder and the one way a service turns a name a client gave into a path: inside the folder or
/// refused. A client of the MCP server is a program acting on text it read, so `..`, an absolute path
/// elsewhere and a symbolic link leading out are all refused, whatever the path's spelling.
package struct ProjectFolder: Sendable {
    /// The folder, absolute, with every symbolic link resolved.
    package let root: String

    /// The folder at `path` (relative to the current folder); `nil` when it is not an existing folder.
    package init?(_ path: String) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue,
              let real = Self.realPath(path) else { return nil }
        root = real
    }

    /// `path` (relative to the folder, or absolute) checked to lead inside the folder once every symbolic link of
    /// its existing part is resolved (a path that does not exist yet is judged by its deepest existing ancestor),
    /// and returned relative to the folder, as the command line names files run from it.
    package func confine(_ path: String) throws(ServiceError) -> String {
        guard !path.isEmpty, !path.contains("\0") else { throw .outsideProject(path) }
        let absolute = path.hasPrefix("/") ? path : (root as NSString).appendingPathComponent(path)
        // realpath(3) resolves links and `..` as the kernel will; Foundation's `standardizingPath` is not used, as
        // on Linux it resolves a relative link against the current folder instead of the link's own.
        var existing = absolute
        var missing: [String] = []
        while Self.realPath(existing) == nil {
            let parent = (existing as NSString).deletingLastPathComponent
            guard parent != existing else { throw .outsideProject(path) }
            missing.insert((existing as NSString).lastPathComponent, at: 0)
            existing = parent
        }
        guard let real = Self.realPath(existing), !missing.contains("..") else { throw .outsideProject(path) }
        let resolved = missing.filter { $0 != "." }.reduce(real) { ($0 as NSString).appendingPathComponent($1) }
        guard resolved == root || resolved.hasPrefix(root == "/" ? "/" : root + "/") else {
            throw .outsideProject(path)
        }
        let named = path.hasPrefix("/") ? relative(resolved) : path
        return named.isEmpty ? "." : named
    }

    /// `path` confined (see `confine`), and — when it is a folder — every symbolic link under it (outside hidden
    /// folders, which no reader enters) checked to lead inside too: for paths handed whole to a reader that
    /// follows links as it walks (Swift models and code, read by `ckschema-check-code`).
    package func confineTree(_ path: String) throws(ServiceError) -> String {
        let named = try confine(path)
        let absolute = named.hasPrefix("/") ? named : (root as NSString).appendingPathComponent(named)
        guard let walker = FileManager.default.enumerator(atPath: absolute) else { return named }
        while let relative = walker.nextObject() as? String {
            if (relative as NSString).lastPathComponent.hasPrefix(".") {
                walker.skipDescendants()
            } else if walker.fileAttributes?[.type] as? FileAttributeType == .typeSymbolicLink {
                _ = try confine((named as NSString).appendingPathComponent(relative))
            }
        }
        return named
    }

    /// `path` relative to the folder, for what a result shows (absolute paths would tell the client the
    /// machine's layout for nothing).
    package func relative(_ path: String) -> String {
        if path == root { return "." }
        return path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
    }

    /// The canonical absolute path of an existing file or folder, `nil` when it does not exist.
    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
