import CKSchemaCore

/// A query predicate compares a field that has no QUERYABLE index.
///
/// Code: an equality (`==`, `!=`), membership (`IN`, list `CONTAINS`, `ANY`), `BEGINSWITH` or
/// `distanceToLocation:fromLocation:` comparison in an `NSPredicate` of a query on a field without
/// QUERYABLE yields an error. `recordName` is the `___recordID` system field.
struct CodeQueryFieldNotQueryableRule: CodeRule {
    static let description = RuleDescription(
        id: "code_query_field_not_queryable",
        kind: .code,
        name: "Code Query Field Not Queryable",
        category: .indexes,
        defaultSeverity: .error,
        summary: "Fields a query compares for equality, membership or prefix must be QUERYABLE.",
        rationale: """
            Development indexes every field it can; production only has the indexes that were deployed. A \
            query comparing a field without a QUERYABLE index fails with 'Field 'k' is not marked queryable' \
            — for `recordName` too, unless `___recordID` is QUERYABLE. Keys are read from the predicate's format \
            string (`title == %@`) and from `%K` arguments.
            """,
        cloudKitRules: [14],
        examples: .code(triggering: triggeringCode, nonTriggering: nonTriggeringCode)
    )

    static let triggeringCode = [
        CodeExample(schema: noteSchema, code: """
            let query = CKQuery(recordType: "Note", predicate: NSPredicate(format: "↓body == %@", "milk"))
            """),
        CodeExample(schema: noteSchema, code: """
            let predicate = NSPredicate(format: "%K BEGINSWITH %@", ↓"body", "Gro")
            let query = CKQuery(recordType: "Note", predicate: predicate)
            """),
    ]

    static let nonTriggeringCode = [
        CodeExample(schema: noteSchema, code: """
            let predicate = NSPredicate(format: "title == %@ AND %@ IN tags", "Groceries", "home")
            let query = CKQuery(recordType: "Note", predicate: predicate)
            """),
    ]

    func check(_ usage: CodeUsage, context: CodeRuleContext) -> Diagnostic? {
        guard case .filter(let operation) = usage.kind, operation != .range, let field = context.field(of: usage),
              !field.indexes.contains(.queryable) else { return nil }
        return context.finding("""
            field '\(field.name)' of record type '\(field.recordType)' is not QUERYABLE in \(context.schemaName); \
            \(operation.spelling) on it fails with 'Field '\(field.serverName)' is not marked queryable'
            """, about: usage, subject: field.path)
    }
}
