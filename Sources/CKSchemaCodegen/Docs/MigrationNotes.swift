import CKSchemaCore

/// What the Markdown reference says of migrations: the field that took over says where its value used to
/// live, and the retired field is marked, with the field that replaced it.
enum MigrationNotes {
    /// `Renamed from `isFavorite`.` / `Replaces `stars` (INT64), converted.`, and the dual write.
    static func migrated(_ migration: FieldMigration) -> String {
        let old = MarkdownText.cellCode(migration.oldField)
        var text: String
        switch migration.kind {
        case .rename:
            text = "Renamed from \(old)."
        case .retype:
            let type = migration.oldType.map { " (\(MarkdownText.cellCode($0.description)))" } ?? ""
            text = "Replaces \(old)\(type), converted" + (migration.lossy ? " (lossy)." : ".")
        }
        if migration.dualWrite { text += " Also written to \(old) for older app versions." }
        return text
    }

    /// `**Retired**: replaced by `starred`; read only where a record lacks it.`
    static func retired(replacedBy replacement: String) -> String {
        let new = MarkdownText.cellCode(replacement)
        return "**Retired**: replaced by \(new); read only for records that lack \(new)."
    }
}
