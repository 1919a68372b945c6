package import CKSchemaCore

/// Record type, field and role names are at most 255 characters long.
///
/// Lint: a longer name is a warning at the name.
package struct NameWithinLengthLimitRule: LintRule {
    /// The assumed limit, CloudKit's limit for record and zone names.
    static let limit = 255

    package static let description = RuleDescription(
        id: "name_within_length_limit",
        kind: .lint,
        name: "Name Within Length Limit",
        category: .limits,
        defaultSeverity: .warning,
        summary: "Record type, field and role names are at most 255 characters long.",
        rationale: """
            No source gives the maximum length of a record type or field name (docs/cloudkit-facts.md §3, §9 rule 19, \
            unknown). Record names and zone names are capped at 255 characters, so ckschema assumes the same \
            and warns above it.
            """,
        cloudKitRules: [19],
        examples: .schemas(triggering: [
            .ckdb("DEFINE SCHEMA\n    RECORD TYPE ↓\(String(repeating: "T", count: 256)) (↓\(String(repeating: "f", count: 300)) STRING);"),
            .yaml("roles: [↓\(String(repeating: "R", count: 256))]"),
        ],
        nonTriggering: [
            .ckdb("DEFINE SCHEMA\n    RECORD TYPE \(String(repeating: "T", count: 255)) (title STRING);"),
        ])
    )

    package init() {}

    package func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        // UTF-8 length bounds the character count from above, so short names cost one comparison; counting
        // characters stops once past the limit, so a pathological name costs no more than a long one.
        let isTooLong = { (name: String) in
            name.utf8.count > Self.limit && name.unicodeScalars.prefix(Self.limit + 1).count > Self.limit
        }
        return NamedElement.all(in: schema, where: isTooLong).map { element in
            context.diagnostic(
                "\(element.kind.rawValue) name '\(element.name.prefix(24))…' is \(element.name.unicodeScalars.count) "
                    + "characters long; keep names to \(Self.limit) characters", at: element.path)
        }
    }
}
