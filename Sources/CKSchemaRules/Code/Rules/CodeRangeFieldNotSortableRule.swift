import CKSchemaCore

/// A query predicate compares a field by range without a SORTABLE index.
///
/// Code: `<`, `<=`, `>`, `>=` or `BETWEEN` in an `NSPredicate` of a query on a field without SORTABLE
/// yields an error.
struct CodeRangeFieldNotSortableRule: CodeRule {
    static let description = RuleDescription(
        id: "code_range_field_not_sortable",
        kind: .code,
        name: "Code Range Field Not Sortable",
        category: .indexes,
        defaultSeverity: .error,
        summary: "Fields a query compares by range (<, >, BETWEEN) must be SORTABLE.",
        rationale: """
            CloudKit serves range searches from the SORTABLE index ('Maintains an index optimizing for range \
            searches on the field'). A query such as `createdAt > %@` on a field production has no SORTABLE \
            index for fails with 'Field 'k' is not marked sortable'.
            """,
        cloudKitRules: [14],
        examples: .code(triggering: triggeringCode, nonTriggering: nonTriggeringCode)
    )

    static let triggeringCode = [
        CodeExample(schema: noteSchema, code: """
            let predicate = NSPredicate(format: "↓rank >= %d", 3)
            let query = CKQuery(recordType: "Note", predicate: predicate)
            """),
    ]

    static let nonTriggeringCode = [
        CodeExample(schema: noteSchema, code: """
            let query = CKQuery(recordType: "Note", predicate: NSPredicate(format: "createdAt > %@", Date() as NSDate))
            """),
    ]

    func check(_ usage: CodeUsage, context: CodeRuleContext) -> Diagnostic? {
        guard case .filter(.range) = usage.kind, let field = context.field(of: usage),
              !field.indexes.contains(.sortable) else { return nil }
        return context.finding("""
            field '\(field.name)' of record type '\(field.recordType)' is not SORTABLE in \(context.schemaName); \
            a range comparison on it fails with 'Field '\(field.serverName)' is not marked sortable'
            """, about: usage, subject: field.path)
    }
}
