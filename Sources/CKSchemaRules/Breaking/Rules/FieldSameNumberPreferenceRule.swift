package import CKSchemaCore
package import CKSchemaDiff

/// A NUMBER field keeps its `PREFERRED AS` type once it has one.
///
/// Breaking: "once you assign NUMBER as a PREFERRED AS type, future definitions must not change that type"
/// (§9 rule 23). Assigning the first preference is the one type change CloudKit allows.
package struct FieldSameNumberPreferenceRule: BreakingRule {
    /// Identity and documentation.
    package static let description = RuleDescription(
        id: "field_same_number_preference",
        kind: .breaking,
        name: "Field Same Number Preference",
        category: .types,
        defaultSeverity: .error,
        summary: "A NUMBER field keeps its PREFERRED AS type once set; setting the first one is allowed.",
        rationale: """
            NUMBER exists for fields created just in time; PREFERRED AS says whether it is treated as INT64 or \
            DOUBLE. "Once you assign NUMBER as a PREFERRED AS type, future definitions must not change that \
            type." NUMBER to NUMBER PREFERRED AS INT64 is therefore fine, but INT64 to DOUBLE, or dropping \
            the preference, is refused (docs/cloudkit-facts.md §2.1, §9 rule 23).
            """,
        cloudKitRules: [23],
        introduced: "0.1.0",
        examples: .changes(triggering: triggeringChanges, nonTriggering: nonTriggeringChanges)
    )

    /// Pairs the rule reports, `↓` where it reports.
    static let triggeringChanges: [ChangeExample] = [
        .ckdb(
            baseline: """
                DEFINE SCHEMA
                    RECORD TYPE Score (points NUMBER PREFERRED AS INT64);
                """,
            candidate: """
                DEFINE SCHEMA
                    RECORD TYPE Score (points ↓NUMBER PREFERRED AS DOUBLE);
                """),
        .yaml(
            baseline: """
                recordTypes:
                  Score:
                    fields: { points: { type: number, preferredAs: double } }
                """,
            candidate: """
                recordTypes:
                  Score:
                    fields: { points: ↓number }
                """),
    ]

    /// Pairs the rule does not report.
    static let nonTriggeringChanges: [ChangeExample] = [
        .ckdb(
            baseline: """
                DEFINE SCHEMA
                    RECORD TYPE Score (points NUMBER);
                """,
            candidate: """
                DEFINE SCHEMA
                    RECORD TYPE Score (points NUMBER PREFERRED AS INT64);
                """),
    ]

    /// The rule; it holds no state.
    package init() {}

    /// The finding about `change`, if the rule reports it.
    package func check(_ change: SchemaChange, context: BreakingContext) -> Diagnostic? {
        guard case .modifyField(let baseline, let candidate, let aspects) = change.kind,
              aspects.contains(.numberPreferenceChanged), let type = change.recordType,
              case .number(let before?) = baseline.type.primitive else { return nil }
        let after: String = if case .number(let preference?) = candidate.type.primitive {
            "changes it to \(preference.rawValue)"
        } else {
            "drops it"
        }
        return context.protectingProduction(
            "field '\(baseline.name)' of record type '\(type)' is NUMBER PREFERRED AS \(before.rawValue) and \(after)",
            refusal: "once set, a NUMBER preference never changes", recordType: type,
            field: baseline.name, for: change)
    }
}
