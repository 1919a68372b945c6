package import CKSchemaCore

/// A reference's `to:` names a record type of the schema.
///
/// Lint (YAML only): `to:` naming no record type is an error at `to`. `Users`, which every container has,
/// may be named without being declared.
package struct ReferenceTargetExistsRule: LintRule {
    package static let description = RuleDescription(
        id: "reference_target_exists",
        kind: .lint,
        name: "Reference Target Exists",
        category: .metadata,
        defaultSeverity: .error,
        summary: "A reference's `to:` names a record type declared in the schema (or Users).",
        rationale: """
            `to:` says which record type a REFERENCE points at; validation checks references against it and \
            the generated Swift types the reference with it. A target that does not exist is a typo or a type \
            that was renamed, and code generation cannot type the reference. CloudKit itself does not record \
            targets (a REFERENCE is untyped in the schema language), so this is a YAML-format rule. Users is \
            always accepted: every container has it (docs/cloudkit-facts.md §2.5).
            """,
        languages: [.yaml],
        examples: .schemas(triggering: [
            .yaml("""
                recordTypes:
                  Category:
                    fields: { name: string }
                  Entry:
                    fields:
                      category: { type: reference, ↓to: Categroy }
                      tags: { type: list<reference>, ↓to: Tag }
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
                      author: { type: reference, to: Users }
                """),
        ])
    )

    package init() {}

    package func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        let names = Set(schema.recordTypes.map(\.name)).union([CloudKitNames.usersRecordType])
        let sortedNames = names.sorted()
        return schema.recordTypes.flatMap { type in
            type.fields.compactMap { field -> Diagnostic? in
                guard let target = field.metadata.referenceTarget, !names.contains(target) else { return nil }
                return context.diagnostic(
                    "\(Describe.field(field.name, of: type.name)) refers to record type '\(target)', which the schema "
                        + "does not declare" + Spelling.didYouMean(Spelling.closest(target, among: sortedNames)),
                    atFirstOf: [.fieldKey(type.name, field.name, "to"), .field(type.name, field.name)])
            }
        }
    }
}
