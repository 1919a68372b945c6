public import Foundation

/// Finds the shared corpus (`../shared/corpus` beside the repository) that CI provides. Tests that need it
/// call `SharedCorpus.directory(_:)` and skip, saying so, when it is absent.
public enum SharedCorpus {
    /// The repository root, found from this file's path.
    public static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // CKSchemaTestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // repository

    /// The corpus root: `$CKSCHEMA_SHARED_CORPUS` when set, else `<repo>/../shared/corpus`.
    public static var root: URL {
        if let override = ProcessInfo.processInfo.environment["CKSCHEMA_SHARED_CORPUS"], !override.isEmpty {
            return URL(fileURLWithPath: override)
        }
        return repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    }

    /// The corpus subdirectory `name` (`ckdb`, `records`), or `nil` (after printing a note) when absent.
    public static func directory(_ name: String) -> URL? {
        let url = root.appendingPathComponent(name)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            print("note: shared corpus not found at \(url.path); skipping corpus tests")
            return nil
        }
        return url
    }

    /// The rows of `MANIFEST.tsv` in a corpus subdirectory, each a column-name → value dictionary.
    public static func manifest(in directory: URL) throws -> [[String: String]] {
        let text = try String(contentsOf: directory.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8)
        // `isNewline` also splits CR LF, which Swift reads as one Character (the shared MANIFEST uses CR LF).
        var lines = text.split(whereSeparator: \.isNewline).map(String.init)
        guard !lines.isEmpty else { return [] }
        let header = lines.removeFirst().components(separatedBy: "\t")
        return lines.map { line in
            let cells = line.components(separatedBy: "\t")
            var row: [String: String] = [:]
            for (index, name) in header.enumerated() where index < cells.count {
                row[name] = cells[index]
            }
            return row
        }
    }
}
