public import CKSchemaCore

/// Record type, field and role names are at most 255 characters long.
///
/// Lint: a longer name is a warning at the name.
public struct NameWithinLengthLimitRule: LintRule {
    /// The assumed limit, CloudKit's limit for record and zone names.
    static let limit = 255

    public static let description = RuleDescription(
        id: "name_within_length_limit",
        name: "Name Within Length Limit",
        category: .limits,
        defaultSeverity: .warning,
        summary: "Record type, field and role names are at most 255 characters long.",
        rationale: """
            No source gives the maximum length of a record type or field name (CLOUDKIT-RULES §3, §9 rule 19, \
            [UNKNOWN]). Record names and zone names are capped at 255 characters, so ckschema assumes the same \
            and warns above it.
            """,
        cloudKitRules: [19],
        triggeringExamples: [
            .ckdb("DEFINE SCHEMA\n    RECORD TYPE ↓\(String(repeating: "T", count: 256)) (↓\(String(repeating: "f", count: 300)) STRING);"),
            .yaml("roles: [↓\(String(repeating: "R", count: 256))]"),
        ],
        nonTriggeringExamples: [
            .ckdb("DEFINE SCHEMA\n    RECORD TYPE \(String(repeating: "T", count: 255)) (title STRING);"),
        ]
    )

    public init() {}

    public func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        NamedElement.all(in: schema).compactMap { element -> Diagnostic? in
            // Counting stops once past the limit: a pathological name costs no more than a long one.
            guard element.name.utf8.count > Self.limit,
                  element.name.unicodeScalars.prefix(Self.limit + 1).count > Self.limit else { return nil }
            return context.diagnostic(
                "\(element.kind.rawValue) name '\(element.name.prefix(24))…' is \(element.name.unicodeScalars.count) "
                    + "characters long; keep names to \(Self.limit) characters", at: element.path)
        }
    }
}
