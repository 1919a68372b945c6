import CKSchemaCore

/// The code stores (or casts to) a value type the field does not hold.
///
/// Code: a write whose value has a statically known type (a literal, a typed property or parameter,
/// `Date()`, `CKRecord.Reference`, `CKAsset`, `[String]` …) that the field's type cannot hold yields an
/// error; a read cast (`record["k"] as? Date`) to such a type yields a warning (the cast always fails), unless
/// the code also reads the key as a type the field holds on the same path (a tolerant read of older records).
/// Numbers fit every numeric field; encryption is not judged (it is chosen by `encryptedValues`).
struct CodeFieldTypeMismatchRule: CodeRule {
    static let description = RuleDescription(
        id: "code_field_type_mismatch",
        kind: .code,
        name: "Code Field Type Mismatch",
        category: .types,
        defaultSeverity: .error,
        summary: "Values the code stores in a field must have the field's type.",
        rationale: """
            A field's type is fixed once it exists: the server refuses a save whose value has another type \
            (a String into a TIMESTAMP field, a single value into a LIST). Reading with a cast to another type \
            (`as? Date` on a STRING field) never succeeds, so the app silently sees nil; that is a warning, \
            unless the same function (or the same call of a helper) also reads the key as a type the field \
            holds: trying the old type after the new one keeps records written before the field changed type \
            readable. Only types the code states are judged: a literal, a typed property or parameter, a \
            constructor (`Date()`, `CKRecord.Reference(…)`, `CKAsset(…)`, `CLLocation(…)`), an `as` cast, an \
            array literal.
            """,
        cloudKitRules: [32],
        examples: .code(triggering: triggeringCode, nonTriggering: nonTriggeringCode)
    )

    static let triggeringCode = [
        CodeExample(schema: noteSchema, code: """
            let note = CKRecord(recordType: "Note")
            note[↓"createdAt"] = "2024-05-01" as CKRecordValue
            """),
        CodeExample(schema: noteSchema, code: """
            struct Draft { var tags: String }
            func save(_ draft: Draft) {
                let note = CKRecord(recordType: "Note")
                note[↓"tags"] = draft.tags as CKRecordValue
            }
            """),
        CodeExample(schema: noteSchema, code: """
            let note = CKRecord(recordType: "Note")
            let rank = note[↓"rank"] as? String
            """),
    ]

    static let nonTriggeringCode = [
        CodeExample(schema: noteSchema, code: """
            let note = CKRecord(recordType: "Note")
            note["createdAt"] = Date() as CKRecordValue
            note["tags"] = ["home", "work"] as CKRecordValue
            note["rank"] = true as CKRecordValue
            let created = note["createdAt"] as? Date
            """),
        CodeExample(schema: noteSchema, code: """
            func createdAt(_ note: CKRecord) -> Date? {
                guard note.recordType == "Note" else { return nil }
                if let date = note["createdAt"] as? Date { return date }
                return (note["createdAt"] as? Double).map(Date.init(timeIntervalSince1970:))
            }
            """),
    ]

    func check(_ usage: CodeUsage, context: CodeRuleContext) -> Diagnostic? {
        guard let field = context.field(of: usage) else { return nil }
        switch usage.kind {
        case .write(let value?) where !value.fits(field.type):
            return context.finding("""
                field '\(field.name)' of record type '\(field.recordType)' is \(field.type) in \(context.schemaName), \
                but the code stores a \(value.swiftName); the server refuses a value of another type
                """, about: usage, subject: field.path)
        case .read(let value?) where !value.fits(field.type) && !usage.alsoReadAs.contains(where: { $0.fits(field.type) }):
            return context.finding("""
                field '\(field.name)' of record type '\(field.recordType)' is \(field.type) in \(context.schemaName); \
                the cast to \(value.swiftName) always fails
                """, about: usage, subject: field.path, severity: .warning)
        default:
            return nil
        }
    }
}
