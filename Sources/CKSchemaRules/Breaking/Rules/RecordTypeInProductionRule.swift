public import CKSchemaCore
public import CKSchemaDiff

/// Against production: every record type of the candidate is in production (or will be, once deployed).
///
/// Warning, only when the baseline is the production environment: a type that is not deployed makes
/// saves fail at run time, and `cloudkit.share`, created just in time in development, is the one most often
/// forgotten (§9 rule 29).
public struct RecordTypeInProductionRule: BreakingRule {
    /// Identity and documentation.
    public static let description = RuleDescription(
        id: "record_type_in_production",
        name: "Record Type In Production",
        category: .structure,
        defaultSeverity: .warning,
        summary: "Against production, record types the candidate adds are flagged as needing a deploy.",
        rationale: """
            Production has no just-in-time schema: saving a record of a type it lacks fails with "Cannot \
            create new type X in production schema". Deploying adds the type safely, but an app that ships \
            first breaks. cloudkit.share is created just in time when development saves the first share and \
            is easy to forget. Reported only when the baseline is the production environment (the default \
            of ckschema diff), not against files or git revisions (docs/cloudkit-facts.md §1.4, §2.5, §9 rule 29).
            """,
        cloudKitRules: [29],
        triggeringExamples: [],
        nonTriggeringExamples: []
    )

    /// Released with ckschema 0.1.0.
    public static let introduced = "0.1.0"

    /// Pairs the rule reports, `↓` where it reports.
    public static let triggeringChanges: [ChangeExample] = [
        .ckdb(
            baseline: """
                DEFINE SCHEMA
                    RECORD TYPE Note (title STRING);
                """,
            candidate: """
                DEFINE SCHEMA
                    RECORD TYPE Note (title STRING);
                    RECORD TYPE ↓"cloudkit.share" ("cloudkit.title" STRING, "cloudkit.type" STRING);
                """,
            baselineEnvironment: .production),
    ]

    /// Pairs the rule does not report.
    public static let nonTriggeringChanges: [ChangeExample] = [
        .yaml(
            baseline: """
                recordTypes:
                  Note: { fields: { title: string } }
                """,
            candidate: """
                recordTypes:
                  Note: { fields: { title: string } }
                  Draft: { fields: { title: string } }
                """),
    ]

    /// The rule; it holds no state.
    public init() {}

    /// The finding about `change`, if the rule reports it.
    public func check(_ change: SchemaChange, context: BreakingContext) -> Diagnostic? {
        guard context.baselineEnvironment == .production, case .addRecordType(let type) = change.kind else {
            return nil
        }
        let sharing = type.name == CloudKitNames.shareRecordType ? " (CloudKit sharing)" : ""
        return context.diagnostic(
            "record type '\(type.name)'\(sharing) is not in production yet; until the schema is deployed, "
                + "saving one fails with \"Cannot create new type \(type.name) in production schema\"",
            for: change)
    }
}
