import CKSchemaCore

/// The code reads, writes, queries or sorts on a retired field: one another field migrates from
/// (`renamedFrom` / `replaces`).
///
/// Code: a warning naming the field that replaced it. Hand-written migration code that must read the old key
/// says so with `// ckschema:disable-next-line code_retired_field_used` on the line before.
struct CodeRetiredFieldUsedRule: CodeRule {
    static let description = RuleDescription(
        id: "code_retired_field_used",
        kind: .code,
        name: "Code Retired Field Used",
        category: .structure,
        defaultSeverity: .warning,
        summary: "The code uses the field that replaced a retired field, not the retired one.",
        rationale: """
            A field that another field's `renamedFrom` or `replaces` names is retired: it stays in the schema \
            only because production keeps every field, and holds the value of records not migrated yet. Code \
            that reads it misses every value written since the migration; code that writes it writes where \
            newer app versions no longer look (the generated model writes it itself under `dualWrite`); a query \
            or sort on it finds only unmigrated records. Use the field that replaced it; the generated model \
            already falls back to the old field and converts its value. Code that deliberately handles the old \
            key (a hand-written migration) silences the finding with \
            `// ckschema:disable-next-line code_retired_field_used`. When the code is checked against an \
            environment's snapshot, the migrations come from the project schema (`schema:` in ckschema.yaml).
            """,
        cloudKitRules: [31],
        examples: .code(triggering: triggeringCode, nonTriggering: nonTriggeringCode)
    )

    static let triggeringCode = [
        CodeExample(schema: migratedNoteSchema, code: """
            let note = CKRecord(recordType: "Note")
            note[↓"isFavorite"] = 1
            let stars = note[↓"stars"] as? Int64
            """),
        CodeExample(schema: migratedNoteSchema, code: """
            let query = CKQuery(recordType: "Note", predicate: NSPredicate(format: "↓isFavorite == 1"))
            """),
    ]

    static let nonTriggeringCode = [
        CodeExample(schema: migratedNoteSchema, code: """
            let note = CKRecord(recordType: "Note")
            note["starred"] = 1
            let rating = note["rating"] as? Double
            """),
        CodeExample(schema: migratedNoteSchema, code: """
            func migrate(_ note: CKRecord) {
                guard note.recordType == "Note" else { return }
                // ckschema:disable-next-line code_retired_field_used
                if note["starred"] == nil, let old = note["isFavorite"] as? Int64 { note["starred"] = old }
            }
            """),
    ]

    func check(_ usage: CodeUsage, context: CodeRuleContext) -> Diagnostic? {
        guard usage.kind.usesKey, case .field(let name)? = usage.key, let type = usage.recordType,
              let replacement = context.replacement(of: name, in: type),
              let declaration = replacement.migrationDeclaration else { return nil }
        let consequence = switch usage.kind {
        case .write: "newer app versions read '\(replacement.name)', so the value written here is not theirs"
        case .read, .desiredKey: "records saved since the migration hold their value in '\(replacement.name)' only"
        default: "the query finds only records not migrated yet"
        }
        return context.finding("""
            field '\(name)' of record type '\(type)' is retired: '\(replacement.name)' replaces it \
            ('\(declaration)'); \(consequence). Use '\(replacement.name)' (the generated model falls back to \
            '\(name)'), or silence this line in hand-written migration code
            """, about: usage, subject: .field(type, name))
    }
}

/// A `Note` type midway through two migrations: `isFavorite` renamed to `starred`, `stars` retyped to `rating`.
let migratedNoteSchema = """
    recordTypes:
      Note:
        fields:
          isFavorite: { type: int64, indexes: [queryable] }
          starred: { type: int64, renamedFrom: isFavorite }
          stars: int64
          rating: { type: double, replaces: { field: stars, type: int64 } }
    """
