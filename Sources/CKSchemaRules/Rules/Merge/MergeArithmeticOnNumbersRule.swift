package import CKSchemaCore

/// `merge: max` and `min` are declared only on single numbers and timestamps, `sum` only on single numbers.
///
/// Lint (YAML only): an error at the `merge` that gives another field one of these policies (the field's own, or
/// its record type's default).
package struct MergeArithmeticOnNumbersRule: LintRule {
    package static let description = RuleDescription(
        id: "merge_arithmetic_on_numbers",
        kind: .lint,
        name: "Merge Arithmetic On Numbers",
        category: .metadata,
        defaultSeverity: .error,
        summary: "The `max` and `min` merge policies are only on numbers and timestamps, `sum` only on numbers.",
        rationale: """
            `max` and `min` keep the larger or smaller of two conflicting values, which needs an order: INT64, \
            DOUBLE, NUMBER and TIMESTAMP have one. `sum` keeps both sides' increments of a counter (server + \
            client − ancestor), which needs arithmetic: INT64, DOUBLE and NUMBER, not timestamps. A `bool` is \
            stored as INT64 but is not a number: choose a side with `server`, `client` or `latest`. Lists merge by \
            `union`.
            """,
        languages: [.yaml],
        examples: .schemas(triggering: [
            .yaml("""
                recordTypes:
                  Note:
                    fields:
                      title: { type: string, ↓merge: max }
                      editedAt: { type: timestamp, ↓merge: sum }
                      pinned: { type: bool, ↓merge: max }
                """),
        ],
        nonTriggering: [
            .yaml("""
                recordTypes:
                  Note:
                    fields:
                      views: { type: int64, merge: sum }
                      rating: { type: double, merge: max }
                      firstSeen: { type: timestamp, merge: min }
                """),
        ])
    )

    package init() {}

    package func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        EffectiveMergePolicy.all(in: schema).compactMap { entry in
            let fits: Bool
            switch entry.policy {
            case .max, .min: fits = entry.holdsNumbers || entry.holdsTimestamps
            case .sum: fits = entry.holdsNumbers
            case .server, .client, .latest, .union: return nil
            }
            guard !fits else { return nil }
            let needs = entry.policy == .sum ? "a single number (int64, double, number)"
                : "a single number or timestamp"
            return context.diagnostic("\(entry.subject) merges by '\(entry.policy.rawValue)', which needs \(needs), "
                                          + "but it is \(entry.typeName)", atFirstOf: entry.paths)
        }
    }
}
