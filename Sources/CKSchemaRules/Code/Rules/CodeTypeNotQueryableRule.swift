import CKSchemaCore

/// A match-all query on a record type whose `___recordID` is not QUERYABLE.
///
/// Code: `NSPredicate(value: true)` or `TRUEPREDICATE` as a query's predicate on a type without
/// `"___recordID" REFERENCE QUERYABLE` yields an error.
struct CodeTypeNotQueryableRule: CodeRule {
    static let description = RuleDescription(
        id: "code_type_not_queryable",
        kind: .code,
        name: "Code Type Not Queryable",
        category: .indexes,
        defaultSeverity: .error,
        summary: "A query that matches every record needs a QUERYABLE index on the type's ___recordID.",
        rationale: """
            Queries without filters are served from the record-name index. Without \
            `"___recordID" REFERENCE QUERYABLE` (YAML: `systemFields: { recordID: [queryable] }`) they fail with \
            'Type is not marked indexable: T' or 'Field 'recordName' is not marked queryable'. Development \
            schemas created just in time (Core Data, SwiftData) often lack it.
            """,
        cloudKitRules: [14],
        examples: .code(triggering: triggeringCode, nonTriggering: nonTriggeringCode)
    )

    static let triggeringCode = [
        CodeExample(schema: memoSchema, code: """
            let query = CKQuery(recordType: "Memo", predicate: ↓NSPredicate(value: true))
            """),
        CodeExample(schema: memoSchema, code: """
            let query = CKQuery(recordType: "Memo", predicate: NSPredicate(format: "↓TRUEPREDICATE"))
            """),
    ]

    static let nonTriggeringCode = [
        CodeExample(schema: noteSchema, code: """
            let query = CKQuery(recordType: "Note", predicate: NSPredicate(value: true))
            """),
    ]

    func check(_ usage: CodeUsage, context: CodeRuleContext) -> Diagnostic? {
        guard usage.kind == .matchAll, let type = context.recordType(of: usage),
              !type.indexes(on: .recordID).contains(.queryable) else { return nil }
        return context.finding("""
            record type '\(type.name)' has no QUERYABLE index on '___recordID' in \(context.schemaName); a query \
            matching every record fails with 'Type is not marked indexable: \(type.name)'
            """, about: usage, subject: .systemField(type.name, .recordID))
    }
}

/// A record type with no index at all, not even on `___recordID`: what just-in-time schemas often hold.
let memoSchema = """
    recordTypes:
      Memo:
        fields: { text: string }
    """
