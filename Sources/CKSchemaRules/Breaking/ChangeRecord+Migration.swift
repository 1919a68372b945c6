import CKSchemaCore
import CKSchemaDiff

extension ChangeRecord {
    /// A field migration as a change record states it: `{"field": "starred", "declaration": "renamedFrom",
    /// "from": "isFavorite", "dualWrite": false, "lossy": false}`.
    package struct Migration: Hashable, Sendable, Codable {
        /// The field that takes over.
        package var field: String
        /// `renamedFrom` or `replaces`.
        package var declaration: String
        /// The retired field.
        package var from: String
        package var dualWrite: Bool
        package var lossy: Bool

        /// The migration of a `migrate_field` change, or the one that retired the field another change
        /// concerns; `nil` when the change has nothing to do with a migration.
        init?(_ change: SchemaChange) {
            let field: Field
            if case .migrateField(let new, _) = change.kind {
                field = new
            } else if let replacement = change.replacement {
                field = replacement
            } else {
                return nil
            }
            guard let migration = field.metadata.migration else { return nil }
            self.field = field.name
            declaration = migration.kind.rawValue
            from = migration.oldField
            dualWrite = migration.dualWrite
            lossy = migration.lossy
        }
    }
}
