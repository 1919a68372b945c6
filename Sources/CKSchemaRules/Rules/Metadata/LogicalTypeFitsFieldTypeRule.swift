package import CKSchemaCore

/// `enum` is only on string and list<string> fields; `bool` is only an INT64.
///
/// Lint (YAML only): `enum:` on another type is an error at `enum`. The YAML reader can only make a `bool`
/// from an INT64, so the `bool` half of the rule guards schemas built by other tools.
package struct LogicalTypeFitsFieldTypeRule: LintRule {
    package static let description = RuleDescription(
        id: "logical_type_fits_field_type",
        kind: .lint,
        name: "Logical Type Fits Field Type",
        category: .metadata,
        defaultSeverity: .error,
        summary: "`enum` values are only on string and list<string> fields, and a `bool` is stored as INT64.",
        rationale: """
            An enum's values are strings: CloudKit stores them in a STRING (or LIST<STRING>) field, and \
            validation and the generated Swift enum compare strings. A Boolean is stored as INT64 0 or 1, the \
            way Apple's guides and Core Data store it (docs/cloudkit-facts.md §5). On any other type these logical \
            types cannot be stored; the reader keeps them so that this rule can point at them.
            """,
        languages: [.yaml],
        examples: .schemas(triggering: [
            .yaml("""
                recordTypes:
                  Task:
                    fields:
                      priority: { type: int64, ↓enum: [low, high] }
                """),
        ],
        nonTriggering: [
            .yaml("""
                recordTypes:
                  Task:
                    fields:
                      priority: { type: string, enum: [low, high] }
                      labels: { type: list<string>, enum: [red, green] }
                      done: bool
                """),
        ])
    )

    package init() {}

    package func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for type in schema.recordTypes {
            // Fields are read in place; only the few with a logical type are copied.
            let fields = type.fields
            for index in fields.indices where fields[index].metadata.logicalType != nil {
                let field = fields[index]
                let place = Describe.field(field.name, of: type.name)
                switch field.metadata.logicalType {
                case .enumeration? where field.type.primitive != .string:
                    findings.append(context.diagnostic(
                        "'enum' applies only to string and list<string> fields; \(place) is \(field.type.yamlName())",
                        atFirstOf: [.fieldKey(type.name, field.name, "enum"), .field(type.name, field.name)]))
                case .bool? where field.type.primitive != .int64:
                    findings.append(context.diagnostic(
                        "\(place) is a bool, which is stored as INT64, but its type is \(field.type)",
                        at: .fieldType(type.name, field.name)))
                default:
                    break
                }
            }
        }
        return findings
    }
}
