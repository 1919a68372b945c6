public import CKSchemaRules
internal import CKSchemaCore

/// Renders the breaking rules for `ckschema rules`: a table section, one rule's explanation with its
/// baseline/candidate examples, and the section of `docs/rules.md` that follows the lint rules.
public enum BreakingRuleCatalogRenderer {
    /// The breaking rules, one line each (ID, default severity, category, summary), after a heading.
    public static func table(_ rules: [any BreakingRule.Type]) -> String {
        CatalogTable.render(heading: "Breaking-change rules (ckschema diff), in release order:", rows: rules.map { rule in
            let description = rule.description
            return (description.id.rawValue, description.defaultSeverity.rawValue, description.category.rawValue,
                    description.summary)
        })
    }

    /// A breaking rule's full explanation with its examples.
    public static func explanation(_ rule: any BreakingRule.Type) -> String {
        let description = rule.description
        var text = "\(description.id): \(description.name) (breaking-change rule, ckschema diff)\n\n"
        text += "  category:  \(description.category.rawValue)\n"
        text += "  severity:  \(description.defaultSeverity.rawValue)\n"
        text += "  since:     \(rule.introduced)\n"
        if let retirement = rule.retirement { text += "  retired:   \(retirement)\n" }
        text += "  CloudKit:  docs/cloudkit-facts.md §9 rule \(description.cloudKitRules.map(String.init).joined(separator: ", "))\n"
        text += "\n\(description.summary)\n\n\(description.rationale)\n"
        for (title, examples) in [("Triggers", rule.triggeringChanges), ("Does not trigger", rule.nonTriggeringChanges)] {
            text += "\n\(title):\n"
            for example in examples {
                for (side, code) in [("baseline", example.baseline), ("candidate", example.candidate)] {
                    let environment = side == "baseline" ? example.baselineEnvironment.map { ", \($0.rawValue)" } ?? "" : ""
                    text += "\n  \(side) (\(example.language.rawValue)\(environment))\n"
                    text += code.split(separator: "\n", omittingEmptySubsequences: false).map { "    \($0)" }
                        .joined(separator: "\n") + "\n"
                }
            }
        }
        return text
    }

    /// The breaking-rules section of `docs/rules.md`.
    public static func markdown(_ rules: [any BreakingRule.Type]) -> String {
        var text = """

            # Breaking-change rules

            `ckschema diff` classifies each change between a baseline (by default production) and a candidate \
            (by default the project schema) with these rules: an error makes the change **breaking** (production \
            refuses the deploy), a warning makes it a **warning**, and a change no rule reports is **safe**. \
            The registry is append-only and in release order; see [diff.md](diff.md).

            | rule | severity | category | since | summary |
            |---|---|---|---|---|

            """
        for rule in rules {
            let description = rule.description
            text += "| [`\(description.id)`](#\(description.id)) | \(description.defaultSeverity.rawValue) | "
                + "\(description.category.rawValue) | \(rule.introduced) | \(description.summary) |\n"
        }
        for rule in rules {
            let description = rule.description
            text += "\n## \(description.id)\n\n**\(description.name)** — \(description.category.rawValue), "
                + "\(description.defaultSeverity.rawValue), §9 rule "
                + "\(description.cloudKitRules.map(String.init).joined(separator: ", ")), since \(rule.introduced).\n\n"
                + "\(description.summary)\n\n\(description.rationale)\n"
            for (title, examples) in [("Triggers", rule.triggeringChanges), ("Does not trigger", rule.nonTriggeringChanges)] {
                text += "\n\(title):\n"
                for example in examples {
                    let fence = example.language == .yaml ? "yaml" : "sql"
                    let environment = example.baselineEnvironment.map { " (\($0.rawValue))" } ?? ""
                    text += "\nBaseline\(environment):\n\n```\(fence)\n\(example.baseline.replacing("↓", with: ""))\n```\n"
                    text += "\nCandidate:\n\n```\(fence)\n\(example.candidate.replacing("↓", with: ""))\n```\n"
                }
            }
        }
        return text
    }
}
