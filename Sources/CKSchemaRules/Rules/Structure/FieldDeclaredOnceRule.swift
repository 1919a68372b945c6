package import CKSchemaCore

/// A field of a record type split over several YAML files is declared in only one of them.
///
/// Lint: the second declaration is an error with a note at the first; the first one is used.
package struct FieldDeclaredOnceRule: LintRule {
    package static let description = RuleDescription(
        id: "field_declared_once",
        kind: .lint,
        name: "Field Declared Once",
        category: .structure,
        defaultSeverity: .error,
        summary: "A field is declared in one YAML file only, even when its record type spans several files.",
        rationale: """
            A record type may be spread over several YAML files, and its fields merge. A field declared in \
            two files is ambiguous: if the two declarations differ, which one deploys depends on file order. \
            CloudKit itself would reject the duplicate (docs/cloudkit-facts.md §9 rule 6).
            """,
        cloudKitRules: [6],
        languages: [.yaml],
        examples: .schemas(triggering: [
            .yaml("""
                recordTypes:
                  Note:
                    fields: { title: string }
                """, """
                recordTypes:
                  Note:
                    fields: { ↓title: string, body: string }
                """),
        ],
        nonTriggering: [
            .yaml("""
                recordTypes:
                  Note:
                    fields: { title: string, body: string }
                """),
        ])
    )

    package init() {}

    package func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        context.sourceMap.facts(.fieldRedeclaredAcrossFiles).map { fact in
            let type = fact.subject?.recordType.map { " of record type '\($0)'" } ?? ""
            return context.diagnostic("field '\(fact.text)'\(type) is declared in more than one file",
                                      at: fact.location, subject: fact.subject,
                                      notes: fact.related.map { [Note("first declared here", at: $0)] } ?? [])
        }
    }
}
