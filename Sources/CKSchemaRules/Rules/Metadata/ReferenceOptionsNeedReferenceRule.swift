package import CKSchemaCore

/// `to:` and `action:` are given only on REFERENCE and LIST<REFERENCE> fields.
///
/// Lint (YAML only): either key on another type is an error at the key.
package struct ReferenceOptionsNeedReferenceRule: LintRule {
    package static let description = RuleDescription(
        id: "reference_options_need_reference",
        kind: .lint,
        name: "Reference Options Need Reference",
        category: .metadata,
        defaultSeverity: .error,
        summary: "`to:` and `action:` are only on reference and list<reference> fields.",
        rationale: """
            `to:` (the target record type) and `action:` (none, deleteSelf, validate) describe CKRecord.Reference \
            values (docs/cloudkit-facts.md §5). On any other type they mean nothing: usually the field was meant to be a \
            reference, or it is Core Data's style of storing a related record's name in a STRING, which has no \
            target to check. The reader keeps them so that this rule can point at them.
            """,
        languages: [.yaml],
        examples: .schemas(triggering: [
            .yaml("""
                recordTypes:
                  Category:
                    fields: { name: string }
                  Entry:
                    fields:
                      category: { type: string, ↓to: Category, ↓action: deleteSelf }
                """),
        ],
        nonTriggering: [
            .yaml("""
                recordTypes:
                  Category:
                    fields: { name: string }
                  Entry:
                    fields:
                      category: { type: reference, to: Category, action: deleteSelf }
                      related: { type: list<reference>, to: Entry }
                """),
        ])
    )

    package init() {}

    package func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for type in schema.recordTypes {
            let fields = type.fields
            // Fields are read in place: copying each of 40,000 fields cost more than the check itself.
            for index in fields.indices where fields[index].type.primitive != .reference
                && (fields[index].metadata.referenceTarget != nil || fields[index].metadata.referenceAction != nil) {
                let field = fields[index]
                let given = [("to", field.metadata.referenceTarget != nil), ("action", field.metadata.referenceAction != nil)]
                for (key, isGiven) in given where isGiven {
                    findings.append(context.diagnostic(
                        "'\(key)' applies only to references; \(Describe.field(field.name, of: type.name)) is "
                            + "\(field.type.yamlName(asBool: field.metadata.logicalType == .bool))",
                        atFirstOf: [.fieldKey(type.name, field.name, key), .field(type.name, field.name)]))
                }
            }
        }
        return findings
    }
}
