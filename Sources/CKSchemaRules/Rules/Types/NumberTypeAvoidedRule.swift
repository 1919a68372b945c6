package import CKSchemaCore

/// Fields are not declared NUMBER.
///
/// Lint: a NUMBER field (with or without PREFERRED AS, or a list of one) is a warning at its type.
package struct NumberTypeAvoidedRule: LintRule {
    package static let description = RuleDescription(
        id: "number_type_avoided",
        kind: .lint,
        name: "Number Type Avoided",
        category: .types,
        defaultSeverity: .warning,
        summary: "Fields are INT64 or DOUBLE rather than NUMBER.",
        rationale: """
            Apple: "Avoid using the NUMBER type, which is only for when a field is implicitly added to a schema \
            by a record modification on a sandbox container" (docs/cloudkit-facts.md §2.1, §9 rule 17). A NUMBER field \
            found in an export cannot be changed to INT64 or DOUBLE once deployed; it can only be given \
            PREFERRED AS once. New fields should be INT64 or DOUBLE.
            """,
        cloudKitRules: [17],
        examples: .schemas(triggering: [
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE Reading (value ↓NUMBER, scaled ↓NUMBER PREFERRED AS INT64, series ↓LIST<NUMBER>);
                """),
            .yaml("""
                recordTypes:
                  Reading:
                    fields:
                      value: ↓number
                      scaled: { type: ↓number, preferredAs: double }
                """),
        ],
        nonTriggering: [
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE Reading (value DOUBLE, count INT64, series LIST<DOUBLE>);
                """),
            .yaml("""
                recordTypes:
                  Reading:
                    fields: { value: double, count: int64 }
                """),
        ])
    )

    package init() {}

    package func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        schema.recordTypes.flatMap { type in
            type.fields.compactMap { field -> Diagnostic? in
                guard case .number(let preference) = field.type.primitive else { return nil }
                let instead = preference.map { "a new \($0.rawValue) field" } ?? "INT64 or DOUBLE"
                return context.diagnostic(
                    "\(Describe.field(field.name, of: type.name)) is \(field.type); Apple asks to avoid NUMBER, "
                        + "which only fields created just in time should have; use \(instead)",
                    at: .fieldType(type.name, field.name))
            }
        }
    }
}
