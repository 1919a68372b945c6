public import CKSchemaValidation
internal import CKSchemaCore

/// Renders the record-validation checks (`ckschema validate`) for `ckschema rules` and `docs/rules.md`;
/// `docs/validate.md` explains each one in full.
public enum RecordRuleCatalogRenderer {
    /// The record checks, one line each (ID, severity, summary), after a heading.
    public static func table(_ rules: [RecordRuleDescription]) -> String {
        let width = rules.map(\.id.rawValue.count).max() ?? 0
        var lines = ["", "Record-validation checks (ckschema validate; see docs/validate.md):"]
        for rule in rules {
            let padding = String(repeating: " ", count: max(0, width - rule.id.rawValue.count))
            let level = rule.defaultSeverity.rawValue
            let severity = level + String(repeating: " ", count: max(0, 8 - level.count))
            lines.append("\(rule.id)\(padding)  \(severity)  \(rule.summary)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One record check explained.
    public static func explanation(_ rule: RecordRuleDescription) -> String {
        var text = "\(rule.id): record-validation check (ckschema validate)\n\n"
        text += "  severity:  \(rule.defaultSeverity.rawValue)\n"
        if !rule.cloudKitRules.isEmpty {
            text += "  CloudKit:  docs/cloudkit-facts.md §9 rule \(rule.cloudKitRules.map(String.init).joined(separator: ", "))\n"
        }
        return text + "\nChecks that \(rule.summary). Details and examples: docs/validate.md.\n"
    }

    /// The section of `docs/rules.md` listing the record checks.
    public static func markdown(_ rules: [RecordRuleDescription]) -> String {
        var text = "\n## Record-validation checks\n\n`ckschema validate` reports these; "
            + "[docs/validate.md](validate.md) explains each with examples.\n\n| check | severity | §9 | checks that |\n|---|---|---|---|\n"
        for rule in rules {
            let numbers = rule.cloudKitRules.map(String.init).joined(separator: ", ")
            text += "| `\(rule.id)` | \(rule.defaultSeverity.rawValue) | \(numbers) | \(rule.summary) |\n"
        }
        return text
    }
}
