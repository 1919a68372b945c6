package import CKSchemaCore

/// `merge: union` is declared only on list fields.
///
/// Lint (YAML only): an error at the `merge` that gives a single-valued field the `union` policy (the field's
/// own, or its record type's default).
package struct MergeUnionOnListRule: LintRule {
    package static let description = RuleDescription(
        id: "merge_union_on_list",
        kind: .lint,
        name: "Merge Union On List",
        category: .metadata,
        defaultSeverity: .error,
        summary: "The `union` merge policy is only on list fields.",
        rationale: """
            `union` merges a conflicting save by keeping both sides' additions to a list and both sides' removals \
            (docs/conflicts.md). A single value has no elements to unite: the generated resolver could only pick \
            one side, which is what `server`, `client` or `latest` say explicitly. A record type whose default is \
            `union` gives it to every field without its own `merge`, so lists usually declare it field by field.
            """,
        languages: [.yaml],
        examples: .schemas(triggering: [
            .yaml("""
                recordTypes:
                  Note:
                    fields:
                      title: { type: string, ↓merge: union }
                """),
            .yaml("""
                recordTypes:
                  Tag:
                    ↓merge: union
                    fields:
                      names: list<string>
                      color: string
                """),
        ],
        nonTriggering: [
            .yaml("""
                recordTypes:
                  Note:
                    fields:
                      title: { type: string, merge: latest }
                      tags: { type: list<string>, merge: union }
                """),
        ])
    )

    package init() {}

    package func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        EffectiveMergePolicy.all(in: schema).filter { $0.policy == .union && !$0.field.type.isList }.map { entry in
            context.diagnostic("\(entry.subject) merges by 'union', which unites lists, but it is \(entry.typeName); "
                                   + "use server, client or latest", atFirstOf: entry.paths)
        }
    }
}
