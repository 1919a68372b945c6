/// Everything users and tests know about one check of any kind (lint, breaking, code, record, codegen,
/// built-in): identity, documentation and examples. It feeds `ckschema rules`, `docs/rules.md`, SARIF rule
/// metadata and the example tests. Each module contributes the entries of its own checks.
package struct RuleDescription: Sendable {
    /// The stable ID (`searchable_requires_string`). Never renamed, never reused, unique across every kind.
    package let id: DiagnosticID
    /// Which command reports it.
    package let kind: RuleKind
    /// A short title (`Searchable Requires String`).
    package let name: String
    package let category: RuleCategory
    package let defaultSeverity: Severity
    /// One sentence saying what the rule expects; SARIF `shortDescription`.
    package let summary: String
    /// One paragraph: why, and the facts it rests on, citing the sections and §9 rule numbers of
    /// docs/cloudkit-facts.md (empty when the summary says all, as for most record and built-in checks).
    package let rationale: String
    /// The §9 rule numbers (docs/cloudkit-facts.md) this rule enforces.
    package let cloudKitRules: [Int]
    /// The languages whose inputs the rule can judge (some facts exist only in one of them).
    package let languages: Set<SchemaLanguage>
    /// Whether the rule runs unless a configuration enables it.
    package let isEnabledByDefault: Bool
    /// The documented examples, shaped for the kind.
    package let examples: RuleExamples
    /// The ckschema version that introduced a breaking rule; the breaking-rule lock file records it.
    package let introduced: String?
    /// Why a retired breaking rule no longer reports anything; `nil` for a rule in force. A retired rule stays
    /// registered so that configurations naming it keep working.
    package let retirement: String?

    package init(
        id: DiagnosticID,
        kind: RuleKind,
        name: String? = nil,
        category: RuleCategory,
        defaultSeverity: Severity,
        summary: String,
        rationale: String = "",
        cloudKitRules: [Int] = [],
        languages: Set<SchemaLanguage> = [.yaml, .ckdb],
        isEnabledByDefault: Bool = true,
        introduced: String? = nil,
        retirement: String? = nil,
        examples: RuleExamples = .none
    ) {
        self.id = id
        self.kind = kind
        self.name = name ?? Self.title(of: id)
        self.category = category
        self.defaultSeverity = defaultSeverity
        self.summary = summary
        self.rationale = rationale
        self.cloudKitRules = cloudKitRules
        self.languages = languages
        self.isEnabledByDefault = isEnabledByDefault
        self.examples = examples
        self.introduced = introduced
        self.retirement = retirement
    }

    /// The title an ID reads as when a check has no name of its own: `json_syntax` → `Json Syntax`.
    package static func title(of id: DiagnosticID) -> String {
        id.rawValue.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }

    /// A lint rule's schema examples that must trigger it (empty for other kinds).
    package var triggeringExamples: [Example] {
        if case .schemas(let triggering, _) = examples { triggering } else { [] }
    }

    /// A lint rule's schema examples that must not trigger it (empty for other kinds).
    package var nonTriggeringExamples: [Example] {
        if case .schemas(_, let nonTriggering) = examples { nonTriggering } else { [] }
    }

    /// A breaking rule's baseline/candidate pairs that must trigger it (empty for other kinds).
    package var triggeringChanges: [ChangeExample] {
        if case .changes(let triggering, _) = examples { triggering } else { [] }
    }

    /// A breaking rule's baseline/candidate pairs that must not trigger it (empty for other kinds).
    package var nonTriggeringChanges: [ChangeExample] {
        if case .changes(_, let nonTriggering) = examples { nonTriggering } else { [] }
    }

    /// A code rule's Swift snippets that must trigger it (empty for other kinds).
    package var triggeringCode: [CodeExample] {
        if case .code(let triggering, _) = examples { triggering } else { [] }
    }

    /// A code rule's Swift snippets that must not trigger it (empty for other kinds).
    package var triggeringModels: [ModelExample] {
        if case .models(let triggering, _) = examples { triggering } else { [] }
    }

    package var nonTriggeringModels: [ModelExample] {
        if case .models(_, let nonTriggering) = examples { nonTriggering } else { [] }
    }

    package var nonTriggeringCode: [CodeExample] {
        if case .code(_, let nonTriggering) = examples { nonTriggering } else { [] }
    }
}
