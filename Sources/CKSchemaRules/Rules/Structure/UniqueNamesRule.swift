package import CKSchemaCore

/// Record types, fields within a type, custom roles and system-field mentions must be unique.
///
/// Lint: a second definition of a name is an error located at the second definition, with a note at the
/// first. The schema keeps the first definition.
package struct UniqueNamesRule: LintRule {
    package static let description = RuleDescription(
        id: "unique_names",
        kind: .lint,
        name: "Unique Names",
        category: .structure,
        defaultSeverity: .error,
        summary: "Record types, the fields of a type and custom roles are each defined once.",
        rationale: """
            CloudKit refuses a schema that defines a record type twice ("type 'X' is specified multiple \
            times"), and a field or role defined twice is just as ambiguous: which definition would deploy? \
            (docs/cloudkit-facts.md §9 rule 6.) YAML files cannot repeat a key, so in YAML this shows up as a \
            duplicate key; across YAML files, see field_declared_once.
            """,
        cloudKitRules: [6],
        languages: [.ckdb, .yaml],
        examples: .schemas(triggering: [
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE Note (title STRING, ↓title INT64);
                """),
            .ckdb("""
                DEFINE SCHEMA
                    CREATE ROLE Editor;
                    CREATE ROLE ↓Editor;
                """),
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE Note (title STRING);
                    RECORD TYPE ↓Note (body STRING);
                """),
            .yaml("""
                roles: [Editor, ↓Editor]
                """),
        ],
        nonTriggering: [
            .ckdb("""
                DEFINE SCHEMA
                    CREATE ROLE Editor;
                    RECORD TYPE Note (title STRING, body STRING);
                    RECORD TYPE Tag (title STRING);
                """),
        ])
    )

    package init() {}

    package func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        let kinds: [SyntaxFact.Kind: String] = [
            .duplicateRecordType: "record type", .duplicateField: "field", .duplicateRole: "role",
            .duplicateSystemField: "system field",
        ]
        return context.sourceMap.facts.compactMap { fact in
            guard let noun = kinds[fact.kind] else { return nil }
            let scope = fact.kind == .duplicateField || fact.kind == .duplicateSystemField
                ? fact.subject?.recordType.map { " in record type '\($0)'" } ?? "" : ""
            return context.diagnostic(
                "\(noun) '\(fact.text)' is defined more than once\(scope); CloudKit rejects duplicate definitions",
                at: fact.location, subject: fact.subject,
                notes: fact.related.map { [Note("first defined here", at: $0)] } ?? [])
        }
    }
}
