package import CKSchemaCore
package import CKSchemaDiff

/// A field keeps its encryption: an existing field is never made ENCRYPTED, nor an encrypted one plain.
///
/// Breaking: only new fields can be encrypted (§9 rules 23 and 25).
package struct FieldSameEncryptionRule: BreakingRule {
    /// Identity and documentation.
    package static let description = RuleDescription(
        id: "field_same_encryption",
        kind: .breaking,
        name: "Field Same Encryption",
        category: .encryption,
        defaultSeverity: .error,
        summary: "A field keeps its encryption: existing fields never become ENCRYPTED or stop being ENCRYPTED.",
        rationale: """
            "Only encrypt new fields. CloudKit doesn't allow encryption on fields that already exist in your \
            app's schema"; "the encrypted fields also have to be newly introduced". To encrypt a value, add a \
            new ENCRYPTED field and migrate to it (docs/cloudkit-facts.md §1.2, §9 rules 23 and 25).
            """,
        cloudKitRules: [23, 25],
        introduced: "0.1.0",
        examples: .changes(triggering: triggeringChanges, nonTriggering: nonTriggeringChanges)
    )

    /// Pairs the rule reports, `↓` where it reports.
    static let triggeringChanges: [ChangeExample] = [
        .yaml(
            baseline: """
                recordTypes:
                  Note:
                    fields: { body: string }
                """,
            candidate: """
                recordTypes:
                  Note:
                    fields: { body: { type: ↓string, encrypted: true } }
                """),
        .ckdb(
            baseline: """
                DEFINE SCHEMA
                    RECORD TYPE Note (body ENCRYPTED STRING);
                """,
            candidate: """
                DEFINE SCHEMA
                    RECORD TYPE Note (body ↓STRING);
                """),
    ]

    /// Pairs the rule does not report.
    static let nonTriggeringChanges: [ChangeExample] = [
        .yaml(
            baseline: """
                recordTypes:
                  Note:
                    fields: { body: string }
                """,
            candidate: """
                recordTypes:
                  Note:
                    fields: { body: string, secretBody: { type: string, encrypted: true } }
                """),
    ]

    /// The rule; it holds no state.
    package init() {}

    /// The finding about `change`, if the rule reports it.
    package func check(_ change: SchemaChange, context: BreakingContext) -> Diagnostic? {
        guard case .modifyField(_, let candidate, let aspects) = change.kind, aspects.contains(.encryption),
              let type = change.recordType else { return nil }
        let what = "field '\(candidate.name)' of record type '\(type)' "
            + (candidate.type.isEncrypted ? "becomes ENCRYPTED" : "stops being ENCRYPTED")
        let refusal = candidate.type.isEncrypted
            ? "CloudKit only encrypts new fields, so add a new encrypted field instead"
            : "CloudKit cannot change the encryption of a field in production"
        return context.protectingProduction(what, refusal: refusal, recordType: type, field: candidate.name, for: change)
    }
}
