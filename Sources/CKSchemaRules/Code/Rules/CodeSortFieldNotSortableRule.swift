import CKSchemaCore

/// A query sorts on a field that has no SORTABLE index.
///
/// Code: `NSSortDescriptor(key:)` or `CKLocationSortDescriptor(key:)` set on a query, on a field without
/// SORTABLE, yields an error. `creationDate` and `modificationDate` are the `___createTime` and
/// `___modTime` system fields.
struct CodeSortFieldNotSortableRule: CodeRule {
    static let description = RuleDescription(
        id: "code_sort_field_not_sortable",
        kind: .code,
        name: "Code Sort Field Not Sortable",
        category: .indexes,
        defaultSeverity: .error,
        summary: "Fields a query sorts on must be SORTABLE.",
        rationale: """
            Sorting needs the SORTABLE index, which production has only if it was deployed. The query fails \
            with 'Field 'k' is not marked sortable' — 'Field '___createTime' is not marked sortable' when the \
            code sorts by creationDate on a type whose ___createTime is not SORTABLE.
            """,
        cloudKitRules: [14],
        examples: .code(triggering: triggeringCode, nonTriggering: nonTriggeringCode)
    )

    static let triggeringCode = [
        CodeExample(schema: noteSchema, code: """
            let query = CKQuery(recordType: "Note", predicate: NSPredicate(value: true))
            query.sortDescriptors = [NSSortDescriptor(key: ↓"creationDate", ascending: false)]
            """),
        CodeExample(schema: noteSchema, code: """
            let highestFirst = [NSSortDescriptor(key: ↓"rank", ascending: false)]
            let query = CKQuery(recordType: "Note", predicate: NSPredicate(value: true))
            query.sortDescriptors = highestFirst
            """),
    ]

    static let nonTriggeringCode = [
        CodeExample(schema: noteSchema, code: """
            let query = CKQuery(recordType: "Note", predicate: NSPredicate(value: true))
            query.sortDescriptors = [NSSortDescriptor(key: "createdAt", ascending: false)]
            """),
    ]

    func check(_ usage: CodeUsage, context: CodeRuleContext) -> Diagnostic? {
        guard usage.kind == .sort || usage.kind == .locationSort, let field = context.field(of: usage),
              !field.indexes.contains(.sortable) else { return nil }
        return context.finding("""
            field '\(field.name)' of record type '\(field.recordType)' is not SORTABLE in \(context.schemaName); \
            sorting on it fails with 'Field '\(field.serverName)' is not marked sortable'
            """, about: usage, subject: field.path)
    }
}
