package import CKSchemaCore
package import CKSchemaDiff

/// Every index of the baseline is still in the candidate, system-field indexes included.
///
/// Warning (configurable to error with `diff.indexRemoval`): CloudKit probably accepts the removal, but
/// queries that need the index fail in shipped apps (§9 rule 27).
package struct IndexNoDeleteRule: BreakingRule {
    /// Identity and documentation.
    package static let description = RuleDescription(
        id: "index_no_delete",
        kind: .breaking,
        name: "Index No Delete",
        category: .indexes,
        defaultSeverity: .warning,
        summary: "Every QUERYABLE, SORTABLE and SEARCHABLE index of the baseline is still in the candidate.",
        rationale: """
            Removing an index is not data loss, so CloudKit probably deploys it, but shipped apps whose \
            queries need it start failing ("Field 'x' is not marked queryable"). A system field's index goes \
            too when a schema stops naming the field: CloudKit "doesn't maintain the field options if the \
            field isn't mentioned in later schema updates". Set `diff.indexRemoval: error` in ckschema.yaml to \
            make this breaking (docs/cloudkit-facts.md §1.3, §9 rule 27).
            """,
        cloudKitRules: [27],
        introduced: "0.1.0",
        examples: .changes(triggering: triggeringChanges, nonTriggering: nonTriggeringChanges)
    )

    /// Pairs the rule reports, `↓` where it reports.
    static let triggeringChanges: [ChangeExample] = [
        .yaml(
            baseline: """
                recordTypes:
                  Note:
                    fields: { title: { type: string, indexes: [queryable, searchable] } }
                """,
            candidate: """
                recordTypes:
                  Note:
                    fields: { ↓title: { type: string, indexes: [queryable] } }
                """),
        .ckdb(
            baseline: """
                DEFINE SCHEMA
                    RECORD TYPE Note ("___recordID" REFERENCE QUERYABLE, title STRING);
                """,
            candidate: """
                DEFINE SCHEMA
                    RECORD TYPE ↓Note (title STRING);
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
                    fields: { title: { type: string, indexes: [queryable, sortable] } }
                    systemFields: { recordID: [queryable] }
                """),
    ]

    /// `diff.indexRemoval` from the configuration.
    package static func severity(in settings: DiffSettings) -> Severity {
        settings.indexRemovalSeverity
    }

    /// The rule; it holds no state.
    package init() {}

    /// The finding about `change`, if the rule reports it.
    package func check(_ change: SchemaChange, context: BreakingContext) -> Diagnostic? {
        guard case .deleteIndex(let field, let option) = change.kind, let type = change.recordType else { return nil }
        let consequence = switch option {
        case .sortable: "queries that sort on it or compare ranges"
        case .searchable: "text searches on it"
        default: "queries that filter on it"
        }
        let what: String
        switch field {
        case .field(let name):
            what = "index \(option.keywords) on field '\(name)' of record type '\(type)' is deleted"
        case .system:
            what = "index \(option.keywords) on system field \(field.quotedName) of record type '\(type)' is "
                + "deleted (CloudKit drops it when a schema stops naming the field with its indexes)"
        }
        return context.diagnostic("\(what); \(consequence) fail in apps already shipped", for: change)
    }
}
