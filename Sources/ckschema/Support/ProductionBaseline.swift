import CKSchemaCore
import CKSchemaParsing
import Foundation

/// What production holds, as lint rules are told it: the project's production snapshot, or a linted schema
/// itself when it is that snapshot (`ckschema lint production`).
struct ProductionBaseline {
    /// The snapshot's path, standardized.
    let path: String
    /// The snapshot, when it exists and reads without errors.
    let snapshot: Schema?

    init(project: Project) {
        path = Self.standardized(project.snapshotPath(.production))
        let parsed = FileManager.default.fileExists(atPath: path) ? try? SchemaLoader.loadOne(paths: [path]) : nil
        snapshot = parsed.flatMap { $0.hasErrors ? nil : $0.schema }
    }

    /// The production schema to lint `parsed` against.
    func schema(for parsed: ParsedSchema) -> Schema? {
        if parsed.sources.contains(where: { Self.standardized($0.path) == path }) { return parsed.schema }
        return snapshot
    }

    private static func standardized(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}
