import CKSchemaCore

/// The code creates or queries a record type the schema does not have.
///
/// Code: `CKRecord(recordType:)`, `CKShare(rootRecord:)` (type `cloudkit.share`), `CKQuery(recordType:)` and
/// `CKQuerySubscription(recordType:)` naming a type missing from the schema yield an error.
struct CodeRecordTypeMissingRule: CodeRule {
    static let description = RuleDescription(
        id: "code_record_type_missing",
        kind: .code,
        name: "Code Record Type Missing",
        category: .structure,
        defaultSeverity: .error,
        summary: "Record types the code creates or queries must exist in the schema the app ships against.",
        rationale: """
            Development creates record types just in time, the first time a record of a new type is saved; \
            production never does. An app whose code saves a type that was never deployed fails in the field \
            with 'Cannot create new type X in production schema', and a query on it with 'Did not find record \
            type: X'. CKShare records are of type 'cloudkit.share', which must be deployed like any other.
            """,
        cloudKitRules: [31],
        examples: .code(triggering: triggeringCode, nonTriggering: nonTriggeringCode)
    )

    static let triggeringCode = [
        CodeExample(schema: noteSchema, code: """
            let todo = CKRecord(recordType: ↓"Todo")
            """),
        CodeExample(schema: noteSchema, code: """
            enum RecordTypes { static let todo = "Todo" }
            let query = CKQuery(recordType: ↓RecordTypes.todo, predicate: NSPredicate(value: true))
            """),
    ]

    static let nonTriggeringCode = [
        CodeExample(schema: noteSchema, code: """
            let note = CKRecord(recordType: "Note")
            let query = CKQuery(recordType: "Note", predicate: NSPredicate(value: true))
            """),
    ]

    func check(_ usage: CodeUsage, context: CodeRuleContext) -> Diagnostic? {
        guard let name = usage.recordType, context.schema.recordType(named: name) == nil else { return nil }
        switch usage.kind {
        case .createRecord:
            let refusal = "'Cannot create new type \(name) in production schema'"
            if context.environment == .development {
                return context.finding("""
                    record type '\(name)' is not in \(context.schemaName); saving it creates it there (development adds \
                    record types just in time), but the same save fails in production with \(refusal) until the \
                    type is deployed
                    """, about: usage, subject: .recordType(name))
            }
            return context.finding("record type '\(name)' is not in \(context.schemaName); saving it fails with \(refusal)",
                                   about: usage, subject: .recordType(name))
        case .query:
            return context.finding("""
                record type '\(name)' is not in \(context.schemaName); the query fails with 'Did not find record \
                type: \(name)'
                """, about: usage, subject: .recordType(name))
        default:
            return nil
        }
    }
}

/// The schema most code-rule examples are checked against: a `Note` type with a few indexed fields.
let noteSchema = """
    recordTypes:
      Note:
        fields:
          title:     { type: string, indexes: [queryable, searchable] }
          body:      string
          createdAt: { type: timestamp, indexes: [queryable, sortable] }
          tags:      { type: list<string>, indexes: [queryable] }
          rank:      int64
          place:     location
        systemFields: { recordID: [queryable] }
    """
