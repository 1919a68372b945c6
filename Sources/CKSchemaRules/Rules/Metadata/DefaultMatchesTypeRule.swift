package import CKSchemaCore

/// A field's `default:` is a value of the field's type.
///
/// Lint (YAML only): a default of the wrong kind (text for an int64, a list for a single value, 2 for a bool),
/// a non-finite number, or a default on a type that cannot have one (timestamp, bytes, asset, location,
/// reference) is an error at `default`.
package struct DefaultMatchesTypeRule: LintRule {
    package static let description = RuleDescription(
        id: "default_matches_type",
        kind: .lint,
        name: "Default Matches Type",
        category: .metadata,
        defaultSeverity: .error,
        summary: "A `default:` is a value of the field's type: text, an integer, a number or a bool, or a list of them.",
        rationale: """
            The default is the value generated code and validation assume when a record lacks the field, so \
            it must be a value the field can hold: text for string, an integer for int64, an integer or a \
            finite number for double, true/false (or 0/1) for bool, a list of such values for a list. CloudKit \
            cannot store NaN or infinity (docs/cloudkit-facts.md §5). Defaults for timestamp, bytes, asset, location \
            and reference fields are not supported: no YAML literal spells those values unambiguously.
            """,
        languages: [.yaml],
        examples: .schemas(triggering: [
            .yaml("""
                recordTypes:
                  Task:
                    fields:
                      count: { type: int64, ↓default: "3" }
                      done: { type: bool, ↓default: 2 }
                      ratio: { type: double, ↓default: .nan }
                      tags: { type: list<string>, ↓default: todo }
                      due: { type: timestamp, ↓default: 2024-01-01 }
                """),
        ],
        nonTriggering: [
            .yaml("""
                recordTypes:
                  Task:
                    fields:
                      title: { type: string, default: Untitled }
                      count: { type: int64, default: 3 }
                      done: { type: bool, default: false }
                      ratio: { type: double, default: 1 }
                      tags: { type: list<string>, default: [todo, "1"] }
                      scores: { type: number, preferredAs: double, default: 0.5 }
                """),
        ])
    )

    package init() {}

    package func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        schema.recordTypes.flatMap { type in
            type.fields.compactMap { field -> Diagnostic? in
                guard let literal = field.metadata.defaultValue, let problem = Self.problem(with: literal, for: field)
                else { return nil }
                return context.diagnostic(
                    "the default of \(Describe.field(field.name, of: type.name)) \(problem)",
                    atFirstOf: [.fieldKey(type.name, field.name, "default"), .field(type.name, field.name)])
            }
        }
    }

    /// What is wrong with `literal` as the default of `field`, as the end of a sentence; `nil` if it suits.
    static func problem(with literal: LiteralValue, for field: Field) -> String? {
        guard field.type.isList else {
            if case .list = literal { return "is a list, but the field holds one value" }
            return elementProblem(literal, for: field)
        }
        guard case .list(let elements) = literal else {
            return "is \(describe(literal)), but the field holds a list; write a list such as [\(describe(literal, bare: true))]"
        }
        for element in elements {
            if case .list = element { return "holds a nested list, which CloudKit cannot store" }
            if let problem = elementProblem(element, for: field) { return problem }
        }
        return nil
    }

    private static func elementProblem(_ literal: LiteralValue, for field: Field) -> String? {
        var name: String { field.type.elementType.yamlName(asBool: field.metadata.logicalType == .bool) }
        let suits: Bool
        switch (field.type.primitive, literal) {
        case (.string, .string):
            suits = true
        case (.int64, .bool) where field.metadata.logicalType == .bool:
            suits = true
        case (.int64, .integer(let value)) where field.metadata.logicalType == .bool:
            suits = value == 0 || value == 1
        case (.int64, .integer), (.number(preferredAs: .int64?), .integer):
            suits = true
        case (.double, .integer), (.number(preferredAs: .double?), .integer), (.number(preferredAs: nil), .integer):
            suits = true
        case (.double, .double(let value)), (.number(preferredAs: .double?), .double(let value)),
             (.number(preferredAs: nil), .double(let value)):
            guard value.isFinite else { return "is \(value), which CloudKit cannot store" }
            suits = true
        case (.timestamp, _), (.bytes, _), (.asset, _), (.location, _), (.reference, _):
            return "cannot be given: defaults are supported for strings, numbers and bools only, not \(name)"
        default:
            suits = false
        }
        return suits ? nil : "is \(describe(literal)), which does not suit type '\(name)'"
    }

    /// `the text '3'`, `the integer 2`, `the number 1.5`, `true`, `a list`.
    private static func describe(_ literal: LiteralValue, bare: Bool = false) -> String {
        switch literal {
        case .string(let text): bare ? text : "the text '\(text)'"
        case .integer(let value): bare ? "\(value)" : "the integer \(value)"
        case .double(let value): bare ? "\(value)" : "the number \(value)"
        case .bool(let value): "\(value)"
        case .list: bare ? "…" : "a list"
        }
    }
}
