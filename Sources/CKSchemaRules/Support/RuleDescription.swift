public import CKSchemaCore

/// Everything users and tests know about a rule: identity, documentation and examples. It feeds
/// `ckschema rules`, `docs/rules.md`, SARIF rule metadata and the example tests.
public struct RuleDescription: Sendable {
    /// The stable ID (`searchable_requires_string`). Never renamed, never reused.
    public let id: DiagnosticID
    /// A short title (`Searchable Requires String`).
    public let name: String
    public let category: RuleCategory
    public let defaultSeverity: Severity
    /// One sentence saying what the rule expects; SARIF `shortDescription`.
    public let summary: String
    /// One paragraph: why, and the facts it rests on, citing the sections and §9 rule numbers of docs/cloudkit-facts.md.
    public let rationale: String
    /// The §9 rule numbers (docs/cloudkit-facts.md) this rule enforces.
    public let cloudKitRules: [Int]
    /// The languages whose inputs the rule can judge (some facts exist only in one of them).
    public let languages: Set<SchemaLanguage>
    /// Whether the rule runs unless a configuration enables it.
    public let isEnabledByDefault: Bool
    public let triggeringExamples: [Example]
    public let nonTriggeringExamples: [Example]

    public init(
        id: DiagnosticID,
        name: String,
        category: RuleCategory,
        defaultSeverity: Severity,
        summary: String,
        rationale: String,
        cloudKitRules: [Int] = [],
        languages: Set<SchemaLanguage> = [.yaml, .ckdb],
        isEnabledByDefault: Bool = true,
        triggeringExamples: [Example],
        nonTriggeringExamples: [Example]
    ) {
        self.id = id
        self.name = name
        self.category = category
        self.defaultSeverity = defaultSeverity
        self.summary = summary
        self.rationale = rationale
        self.cloudKitRules = cloudKitRules
        self.languages = languages
        self.isEnabledByDefault = isEnabledByDefault
        self.triggeringExamples = triggeringExamples
        self.nonTriggeringExamples = nonTriggeringExamples
    }
}
