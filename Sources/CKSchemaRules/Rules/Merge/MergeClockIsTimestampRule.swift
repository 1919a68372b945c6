package import CKSchemaCore

/// A record type's `mergeClock` names one of its own TIMESTAMP fields.
///
/// Lint (YAML only): an error at `mergeClock` when the type has no such field, or the field is not a single
/// TIMESTAMP.
package struct MergeClockIsTimestampRule: LintRule {
    package static let description = RuleDescription(
        id: "merge_clock_is_timestamp",
        kind: .lint,
        name: "Merge Clock Is Timestamp",
        category: .metadata,
        defaultSeverity: .error,
        summary: "A record type's `mergeClock` is one of its TIMESTAMP fields.",
        rationale: """
            The `latest` merge policy gives a field both sides changed to the side whose clock is newer. The clock \
            is the field `mergeClock` names, which the app sets on every edit (a `modifiedAt` TIMESTAMP), so that \
            it says when each device edited. Without `mergeClock` the records' modification dates are compared, \
            and those are the server's: the client's record still carries the date of the version it was edited \
            from, so the server's side is nearly always newer. A clock that is missing or not a date cannot order \
            the sides.
            """,
        languages: [.yaml],
        examples: .schemas(triggering: [
            .yaml("""
                recordTypes:
                  Note:
                    merge: latest
                    ↓mergeClock: editedAt
                    fields: { title: string }
                  Task:
                    merge: latest
                    ↓mergeClock: revision
                    fields: { title: string, revision: int64 }
                """),
        ],
        nonTriggering: [
            .yaml("""
                recordTypes:
                  Note:
                    merge: latest
                    mergeClock: modifiedAt
                    fields: { title: string, modifiedAt: timestamp }
                """),
        ])
    )

    package init() {}

    package func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        schema.recordTypes.compactMap { type -> Diagnostic? in
            guard let clock = type.metadata.mergeClock else { return nil }
            let problem: String
            if let field = type.field(named: clock) {
                guard field.type.isList || field.type.primitive != .timestamp else { return nil }
                problem = "is \(field.type.yamlName(asBool: field.metadata.logicalType == .bool)), not a timestamp"
            } else {
                problem = "is not a field of the type"
            }
            return context.diagnostic("the 'mergeClock' of record type '\(type.name)', '\(clock)', \(problem)",
                                      atFirstOf: [.recordTypeKey(type.name, "mergeClock"), .recordType(type.name)])
        }
    }
}
