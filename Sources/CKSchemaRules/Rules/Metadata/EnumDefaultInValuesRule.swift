package import CKSchemaCore

/// The default of an enum field is one of its values.
///
/// Lint (YAML only): a text default (or a text in a list default) that is not among `enum:` is an error at
/// `default`. Defaults of the wrong kind are `default_matches_type`'s.
package struct EnumDefaultInValuesRule: LintRule {
    package static let description = RuleDescription(
        id: "enum_default_in_values",
        kind: .lint,
        name: "Enum Default In Values",
        category: .metadata,
        defaultSeverity: .error,
        summary: "The `default:` of an enum field is one of its `enum:` values.",
        rationale: """
            An enum field's value must be one of the listed values; validation rejects any other, and the \
            generated Swift enum has no case for it. A default outside the list is a typo or a value that was \
            removed from the enum.
            """,
        languages: [.yaml],
        examples: .schemas(triggering: [
            .yaml("""
                recordTypes:
                  Entry:
                    fields:
                      mood: { type: string, enum: [happy, neutral, sad], ↓default: nuetral }
                      moods: { type: list<string>, enum: [happy, sad], ↓default: [happy, angry] }
                """),
        ],
        nonTriggering: [
            .yaml("""
                recordTypes:
                  Entry:
                    fields:
                      mood: { type: string, enum: [happy, neutral, sad], default: neutral }
                      moods: { type: list<string>, enum: [happy, sad], default: [happy] }
                """),
        ])
    )

    package init() {}

    package func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for type in schema.recordTypes {
            let fields = type.fields
            // Fields are read in place: copying each of 40,000 fields cost more than the check itself.
            for index in fields.indices where fields[index].metadata.defaultValue != nil {
                guard case .enumeration(let values)? = fields[index].metadata.logicalType,
                      let literal = fields[index].metadata.defaultValue else { continue }
                let field = fields[index]
                let texts: [String] = switch literal {
                case .string(let text): [text]
                case .list(let elements): elements.compactMap { if case .string(let text) = $0 { text } else { nil } }
                default: []
                }
                let strays = texts.filter { !values.contains($0) }
                guard let first = strays.first else { continue }
                let hint = strays.count == 1 ? Spelling.didYouMean(Spelling.closest(first, among: values)) : ""
                findings.append(context.diagnostic(
                    "the default of \(Describe.field(field.name, of: type.name)) holds \(Describe.list(strays)), "
                        + "not among its enum values \(Describe.list(values))\(hint)",
                    atFirstOf: [.fieldKey(type.name, field.name, "default"), .field(type.name, field.name)]))
            }
        }
        return findings
    }
}
