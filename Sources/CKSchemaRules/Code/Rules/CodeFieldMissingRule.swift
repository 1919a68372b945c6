import CKSchemaCore

/// The code writes, queries, sorts or reads a field its record type does not have.
///
/// Code: a key written (`record["k"] = v`, `setValue(_:forKey:)`), compared in a predicate or sorted on
/// that the record type lacks yields an error; a key only read (`record["k"]`, `desiredKeys`) yields a
/// warning, since the read just comes back empty.
struct CodeFieldMissingRule: CodeRule {
    static let description = RuleDescription(
        id: "code_field_missing",
        kind: .code,
        name: "Code Field Missing",
        category: .structure,
        defaultSeverity: .error,
        summary: "Keys the code writes, filters or sorts on must be fields of the record type in the schema.",
        rationale: """
            Development adds a field the first time a record carrying the key is saved; production refuses \
            the save with 'Cannot create or modify field 'k' in record 'T' in production schema' (CKError \
            invalidArguments). A query or sort on a key production lacks fails too. A key that is only read, \
            or asked for in desiredKeys, is a warning: the value is simply always nil, which usually hides a \
            typo or a field that was never deployed.
            """,
        cloudKitRules: [31],
        examples: .code(triggering: triggeringCode, nonTriggering: nonTriggeringCode)
    )

    static let triggeringCode = [
        CodeExample(schema: noteSchema, code: """
            let note = CKRecord(recordType: "Note")
            note[↓"order"] = 3
            """),
        CodeExample(schema: noteSchema, code: """
            enum NoteField { static let modifiedAt = "modifiedAt" }
            let query = CKQuery(recordType: "Note", predicate: NSPredicate(value: true))
            query.sortDescriptors = [NSSortDescriptor(key: ↓NoteField.modifiedAt, ascending: false)]
            """),
        CodeExample(schema: noteSchema, code: """
            func title(of record: CKRecord) -> String? {
                guard record.recordType == "Note" else { return nil }
                return record[↓"titel"] as? String
            }
            """),
    ]

    static let nonTriggeringCode = [
        CodeExample(schema: noteSchema, code: """
            let note = CKRecord(recordType: "Note")
            note["title"] = "Groceries"
            note.setValue(["home"], forKey: "tags")
            let created = note.creationDate
            """),
        CodeExample(schema: noteSchema, code: """
            var scores: [String: Int] = [:]
            scores["order"] = 3
            """),
    ]

    func check(_ usage: CodeUsage, context: CodeRuleContext) -> Diagnostic? {
        guard usage.kind.usesKey, case .field(let name)? = usage.key, let type = context.recordType(of: usage),
              SystemField(rawValue: name) == nil, type.field(named: name) == nil else { return nil }
        let subject = SchemaPath.field(type.name, name)
        let missing = "record type '\(type.name)' has no field '\(name)' in \(context.schemaName)"
        switch usage.kind {
        case .write:
            let refusal = "'Cannot create or modify field '\(name)' in record '\(type.name)' in production schema'"
            if context.environment == .development {
                return context.finding("""
                    \(missing); saving creates it there (development adds fields just in time), but the same save \
                    fails in production with \(refusal) until the field is deployed
                    """, about: usage, subject: subject)
            }
            return context.finding("\(missing); saving fails with \(refusal)", about: usage, subject: subject)
        case .filter, .sort, .locationSort:
            return context.finding("\(missing); the query fails with 'Field '\(name)' is not marked "
                                   + "\(usage.kind == .sort || usage.kind == .locationSort ? "sortable" : "queryable")'",
                                   about: usage, subject: subject)
        default:
            return context.finding("\(missing); reading it always gives nil", about: usage, subject: subject,
                                   severity: .warning)
        }
    }
}
