import CKSchemaCore

/// A key (or the record type it belongs to) the analysis cannot know.
///
/// Code: a key built at run time (`record[key]` with `key` a parameter), a record whose type the code does
/// not state in scope, or a predicate format that is not a literal yields a note: that use was not checked.
struct CodeKeyUnresolvedRule: CodeRule {
    static let description = RuleDescription(
        id: "code_key_unresolved",
        kind: .code,
        name: "Code Key Unresolved",
        category: .structure,
        defaultSeverity: .note,
        summary: "Uses whose key or record type is only known at run time are reported as not checked.",
        rationale: """
            check-code never guesses. A key is known when it is a string literal, a constant anywhere in the \
            scanned code (nested types included), an enum case's raw value, a CKRecord.FieldKey extension or a \
            subscript helper taking such an enum; a record type is known from CKRecord(recordType:), CKQuery, a \
            `guard record.recordType == …` in scope, the variable's flow within the function, or the \
            conversion methods of the Swift type the code is in. Anything else gets this note so that the gap is \
            visible; turn it off with `code: { disable: [code_key_unresolved] }`.
            """,
        examples: .code(triggering: triggeringCode, nonTriggering: nonTriggeringCode)
    )

    static let triggeringCode = [
        CodeExample(schema: noteSchema, code: """
            func copy(_ keys: [String], from source: CKRecord, to target: CKRecord) {
                for key in keys { target[↓key] = source[↓key] }
            }
            """),
        CodeExample(schema: noteSchema, code: """
            func title(of record: CKRecord) -> String? {
                record[↓"title"] as? String
            }
            """),
    ]

    static let nonTriggeringCode = [
        CodeExample(schema: noteSchema, code: """
            func title(of record: CKRecord) -> String? {
                guard record.recordType == "Note" else { return nil }
                return record["title"] as? String
            }
            """),
    ]

    func check(_ usage: CodeUsage, context: CodeRuleContext) -> Diagnostic? {
        switch usage.key {
        case .unresolved(let text)?:
            return context.finding("\(text); this use was not checked", about: usage,
                                   subject: usage.recordType.map(SchemaPath.recordType))
        case .field(let name)? where usage.recordType == nil:
            return context.finding("the record type of the record key '\(name)' is used on cannot be known here; "
                                   + "this use was not checked", about: usage, subject: nil)
        default:
            return nil
        }
    }
}
