package import Foundation
package import Testing

/// Finds the shared corpus (`../shared/corpus` beside the repository) that CI provides. A suite or test that
/// needs it carries the trait `.sharedCorpus("ckdb")`, so that without the corpus it shows as *skipped* — never
/// as passed — and inside reads the folder with `try SharedCorpus.require("ckdb")`.
package enum SharedCorpus {
    /// The repository root, found from this file's path.
    package static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // CKSchemaTestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // repository

    /// The corpus root: `$CKSCHEMA_SHARED_CORPUS` when set, else `<repo>/../shared/corpus`.
    package static var root: URL {
        if let override = ProcessInfo.processInfo.environment["CKSCHEMA_SHARED_CORPUS"], !override.isEmpty {
            return URL(fileURLWithPath: override)
        }
        return repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    }

    /// The corpus subdirectory `name` (`ckdb`, `records`, `swift/cloudjournal`), or `nil` when absent.
    package static func directory(_ name: String) -> URL? {
        let url = root.appendingPathComponent(name)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return nil
        }
        return url
    }

    /// The corpus subdirectory `name`, for a test that carries `.sharedCorpus(name)`; throws when it is absent.
    package static func require(_ name: String) throws -> URL {
        guard let url = directory(name) else { throw Missing(path: root.appendingPathComponent(name).path) }
        return url
    }

    /// A corpus folder a test needed is absent.
    package struct Missing: Error, CustomStringConvertible {
        package let path: String
        package var description: String { "the shared corpus folder \(path) is absent" }
    }

    /// The rows of `MANIFEST.tsv` in a corpus subdirectory, each a column-name → value dictionary.
    package static func manifest(in directory: URL) throws -> [[String: String]] {
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

extension Trait where Self == ConditionTrait {
    /// Runs the suite or test only when the shared corpus folder `name` exists (`../shared/corpus/<name>`);
    /// without it the test is reported as skipped, with the reason.
    package static func sharedCorpus(_ name: String) -> Self {
        .enabled(if: SharedCorpus.directory(name) != nil, "needs the shared corpus folder ../shared/corpus/\(name)")
    }
}
