package import CKSchemaCore
import CKSchemaParsing
package import CKSchemaRules
import Foundation

/// What production holds, as lint rules are told it: the project's production snapshot, or a linted schema
/// itself when it is that snapshot (`ckschema lint production`). The snapshot is read only if a rule asks for
/// it (`ProductionSchema`), so a lint run with no finding about production's indexes never parses it.
package struct ProductionBaseline: Sendable {
    /// The snapshot's path, standardized.
    let path: String
    /// The snapshot, when it exists and reads without errors; read on first use.
    let snapshot: ProductionSchema

    /// The baseline of the production snapshot at `snapshotPath` (which may not exist).
    package init(snapshotPath: String) {
        let path = Self.standardized(snapshotPath)
        self.path = path
        snapshot = ProductionSchema {
            let parsed = FileManager.default.fileExists(atPath: path) ? try? SchemaLoader.loadOne(paths: [path]) : nil
            return parsed.flatMap { $0.hasErrors ? nil : $0.schema }
        }
    }

    /// The production schema to lint `parsed` against.
    package func schema(for parsed: ParsedSchema) -> ProductionSchema {
        let isTheSnapshot = parsed.sources.contains { Self.standardized($0.path) == path }
        return isTheSnapshot ? ProductionSchema(parsed.schema) : snapshot
    }

    private static func standardized(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}
