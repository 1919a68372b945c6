import CKSchemaCore

/// A full-text search (`self CONTAINS`) on a record type with no SEARCHABLE field.
///
/// Code: `self CONTAINS %@` (or `SELF contains 'text'`) in a query on a type none of whose fields is
/// SEARCHABLE yields an error.
struct CodeSearchNotSearchableRule: CodeRule {
    static let description = RuleDescription(
        id: "code_search_not_searchable",
        kind: .code,
        name: "Code Search Not Searchable",
        category: .indexes,
        defaultSeverity: .error,
        summary: "A full-text search (self CONTAINS) needs at least one SEARCHABLE field on the record type.",
        rationale: """
            `self CONTAINS 'token'` searches every field with a SEARCHABLE index (STRING and LIST<STRING> \
            only). On a type where production has none, the search cannot run and the query fails.
            """,
        cloudKitRules: [9],
        examples: .code(triggering: triggeringCode, nonTriggering: nonTriggeringCode)
    )

    static let triggeringCode = [
        CodeExample(schema: memoSchema, code: """
            let query = CKQuery(recordType: "Memo", predicate: NSPredicate(format: "↓self contains %@", "milk"))
            """),
    ]

    static let nonTriggeringCode = [
        CodeExample(schema: noteSchema, code: """
            let query = CKQuery(recordType: "Note", predicate: NSPredicate(format: "self contains %@", "milk"))
            """),
    ]

    func check(_ usage: CodeUsage, context: CodeRuleContext) -> Diagnostic? {
        guard usage.kind == .search, let type = context.recordType(of: usage),
              !type.fields.contains(where: { $0.indexes.contains(.searchable) }) else { return nil }
        return context.finding("""
            record type '\(type.name)' has no SEARCHABLE field in \(context.schemaName); a full-text search \
            ('self CONTAINS') on it cannot run
            """, about: usage, subject: .recordType(type.name))
    }
}
