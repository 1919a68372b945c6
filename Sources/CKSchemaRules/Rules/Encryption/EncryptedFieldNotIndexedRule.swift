package import CKSchemaCore

/// ENCRYPTED fields carry no index option.
///
/// Lint: QUERYABLE, SORTABLE or SEARCHABLE on an ENCRYPTED field (or list) is an error at the option.
package struct EncryptedFieldNotIndexedRule: LintRule {
    package static let description = RuleDescription(
        id: "encrypted_field_not_indexed",
        kind: .lint,
        name: "Encrypted Field Not Indexed",
        category: .encryption,
        defaultSeverity: .error,
        summary: "ENCRYPTED fields have no QUERYABLE, SORTABLE or SEARCHABLE index.",
        rationale: """
            Apple: "CloudKit doesn't support indexes on encrypted fields" and "the encrypted fields can't have \
            indexes because the server can't read the fields" (CKRecord.encryptedValues, Encrypting User \
            Data; docs/cloudkit-facts.md §4.2, §9 rule 8). No encrypted field in any real export is indexed. Query on \
            an unencrypted field instead, or keep the value unencrypted if it must be searched.
            """,
        cloudKitRules: [8],
        examples: .schemas(triggering: [
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE Note (body ENCRYPTED STRING ↓QUERYABLE ↓SEARCHABLE, tags LIST<ENCRYPTED STRING> ↓QUERYABLE);
                """),
            .yaml("""
                recordTypes:
                  Note:
                    fields:
                      body: { type: string, encrypted: true, indexes: [↓sortable] }
                """),
        ],
        nonTriggering: [
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE Note (body ENCRYPTED STRING, title STRING QUERYABLE SEARCHABLE);
                """),
            .yaml("""
                recordTypes:
                  Note:
                    fields:
                      body: { type: string, encrypted: true }
                      title: { type: string, indexes: [queryable] }
                """),
        ])
    )

    package init() {}

    package func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        IndexProblem.encrypted.findings(in: schema, context: context) { element, option in
            "\(element.described) is \(element.type) and cannot be \(option.keywords); "
                + "CloudKit cannot index encrypted values"
        }
    }
}
