package import CKSchemaCore

/// A record type stays clear of the 256-field limit.
///
/// Lint: a type with 250 to 256 user fields is a warning at its name (above 256, `field_count_within_limit`
/// reports an error instead).
package struct FieldCountHeadroomRule: LintRule {
    /// Where the warning starts: the limit less the six system fields, in case they count.
    static let threshold = FieldCountWithinLimitRule.limit - SystemField.allCases.count

    package static let description = RuleDescription(
        id: "field_count_headroom",
        kind: .lint,
        name: "Field Count Headroom",
        category: .limits,
        defaultSeverity: .warning,
        summary: "A record type has fewer than 250 fields, leaving room below CloudKit's limit of 256.",
        rationale: """
            CloudKit limits a record type to 256 fields (TN3164), and whether the six system fields count \
            toward that is unknown (docs/cloudkit-facts.md §3, §9 rule 18, unknown). From 250 user fields on, the \
            system fields could already reach the limit, and fields can never be deleted once deployed; split \
            the type before it is too late.
            """,
        cloudKitRules: [18],
        examples: .schemas(triggering: [
            .ckdb(FieldCountExamples.ckdb(fields: 250, marked: true)),
            .yaml(FieldCountExamples.yaml(fields: 256, marked: true)),
        ],
        nonTriggering: [
            .ckdb(FieldCountExamples.ckdb(fields: 249, marked: false)),
            .yaml(FieldCountExamples.yaml(fields: 257, marked: false)),
        ])
    )

    package init() {}

    package func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        schema.recordTypes.compactMap { type -> Diagnostic? in
            let count = type.fields.count
            guard count >= Self.threshold, count <= FieldCountWithinLimitRule.limit else { return nil }
            return context.diagnostic(
                "record type '\(type.name)' has \(count) fields, close to CloudKit's limit of "
                    + "\(FieldCountWithinLimitRule.limit) (which may include the 6 system fields); fields can "
                    + "never be removed once deployed", at: .recordType(type.name))
        }
    }
}
