package import CKSchemaCore

/// A record type has at most 256 fields.
///
/// Lint: a type with more than 256 user fields is an error at its name.
package struct FieldCountWithinLimitRule: LintRule {
    /// CloudKit's limit on the fields of one record type (TN3164).
    static let limit = 256

    package static let description = RuleDescription(
        id: "field_count_within_limit",
        kind: .lint,
        name: "Field Count Within Limit",
        category: .limits,
        defaultSeverity: .error,
        summary: "A record type has at most 256 fields.",
        rationale: """
            TN3164: "The number of record fields in a record type is limited to 256" (docs/cloudkit-facts.md §3, §9 \
            rule 18). Whether the six system fields count is unknown; this rule counts user fields only, and \
            field_count_headroom warns from 250 on, where the system fields would reach the limit. Each Core \
            Data String, Binary Data or Transformable attribute takes two fields (the value and its _ckAsset).
            """,
        cloudKitRules: [18],
        examples: .schemas(triggering: [
            .ckdb(FieldCountExamples.ckdb(fields: 257, marked: true)),
            .yaml(FieldCountExamples.yaml(fields: 257, marked: true)),
        ],
        nonTriggering: [
            .ckdb(FieldCountExamples.ckdb(fields: 256, marked: false)),
        ])
    )

    package init() {}

    package func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        schema.recordTypes.compactMap { type -> Diagnostic? in
            guard type.fields.count > Self.limit else { return nil }
            return context.diagnostic(
                "record type '\(type.name)' has \(type.fields.count) fields; CloudKit allows at most \(Self.limit) "
                    + "per record type", at: .recordType(type.name))
        }
    }
}

/// Schemas with one wide record type, for the examples of the field-count rules.
enum FieldCountExamples {
    /// `RECORD TYPE Wide (f1 INT64, …)` with `fields` fields; the type name marked when `marked`.
    static func ckdb(fields: Int, marked: Bool) -> String {
        let list = (1...max(1, fields)).map { "f\($0) INT64" }.joined(separator: ", ")
        return "DEFINE SCHEMA\n    RECORD TYPE \(marked ? "↓" : "")Wide (\(list));"
    }

    /// The same in YAML, the fields in one flow mapping.
    static func yaml(fields: Int, marked: Bool) -> String {
        let list = (1...max(1, fields)).map { "f\($0): int64" }.joined(separator: ", ")
        return "recordTypes:\n  \(marked ? "↓" : "")Wide:\n    fields: { \(list) }"
    }
}
