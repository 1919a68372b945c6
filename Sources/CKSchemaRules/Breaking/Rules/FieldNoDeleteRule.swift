package import CKSchemaCore
package import CKSchemaDiff

/// Every field of a baseline record type is still in the candidate's record type.
///
/// Breaking: production refuses a schema that drops a field (§9 rule 22).
package struct FieldNoDeleteRule: BreakingRule {
    /// Identity and documentation.
    package static let description = RuleDescription(
        id: "field_no_delete",
        kind: .breaking,
        name: "Field No Delete",
        category: .structure,
        defaultSeverity: .error,
        summary: "Every field of a baseline record type is still in the candidate's record type.",
        rationale: """
            "You can't delete fields that are in a production schema": after the first deploy "you can add \
            fields to a record, but you cannot delete a field or change its data type". A rename is a delete \
            plus an add; keep the old field, add the new one and migrate the values in the app \
            (docs/cloudkit-facts.md §1.2, §9 rule 22). To retire a field, keep it in the schema and mark it \
            `deprecated: "reason"` (YAML): generated models keep reading it and stop writing it. A field another \
            field migrates from (`renamedFrom` / `replaces`) stays too, even once every record is migrated: the \
            finding names the migration.
            """,
        cloudKitRules: [22],
        introduced: "0.1.0",
        examples: .changes(triggering: triggeringChanges, nonTriggering: nonTriggeringChanges)
    )

    /// Pairs the rule reports, `↓` where it reports.
    static let triggeringChanges: [ChangeExample] = [
        .yaml(
            baseline: """
                recordTypes:
                  Note:
                    fields: { title: string, body: string }
                """,
            candidate: """
                recordTypes:
                  ↓Note:
                    fields: { title: string }
                """),
        .ckdb(
            baseline: """
                DEFINE SCHEMA
                    RECORD TYPE Note (title STRING, body STRING);
                """,
            candidate: """
                DEFINE SCHEMA
                    RECORD TYPE ↓Note (title STRING, text STRING);
                """),
    ]

    /// Pairs the rule does not report.
    static let nonTriggeringChanges: [ChangeExample] = [
        .yaml(
            baseline: """
                recordTypes:
                  Note:
                    fields: { title: string }
                """,
            candidate: """
                recordTypes:
                  Note:
                    fields: { title: string, body: string }
                """),
    ]

    /// The rule; it holds no state.
    package init() {}

    /// The finding about `change`, if the rule reports it.
    package func check(_ change: SchemaChange, context: BreakingContext) -> Diagnostic? {
        guard case .deleteField(let field) = change.kind, let type = change.recordType else { return nil }
        if let replacement = change.replacement, let declaration = replacement.migrationDeclaration {
            // A finished migration is no reason to delete: records no app has re-saved hold their value only here.
            return context.protectingProduction(
                "field '\(field.name)' of record type '\(type)' is deleted, but it is the field '\(replacement.name)' "
                    + "migrates from ('\(declaration)')",
                refusal: "CloudKit refuses to delete a field that is in production, and records not yet migrated "
                    + "hold their value only there; keep it declared, retired by the migration",
                recordType: type, field: field.name, for: change)
        }
        return context.protectingProduction(
            "field '\(field.name)' of record type '\(type)' is deleted",
            refusal: "CloudKit refuses to delete a field that is in production; keep it and mark it "
                + "'deprecated: \"reason\"' instead (generated models keep reading it and stop writing it)",
            recordType: type, field: field.name, for: change)
    }
}
