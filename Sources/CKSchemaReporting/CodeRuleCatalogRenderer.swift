public import CKSchemaRules
internal import CKSchemaCore

/// Renders the code rules (`ckschema check-code`) for `ckschema rules`: a table section, one rule's
/// explanation with its Swift examples and schema, and the section of `docs/rules.md` after the others.
public enum CodeRuleCatalogRenderer {
    /// The code rules, one line each (ID, default severity, category, summary), after a heading.
    public static func table(_ rules: [any CodeRule.Type]) -> String {
        CatalogTable.render(
            heading: "Code rules (ckschema check-code; the app's Swift code against the schema it ships to):",
            rows: rules.map { rule in
                let description = rule.description
                return (description.id.rawValue, description.defaultSeverity.rawValue, description.category.rawValue,
                        description.summary)
            })
    }

    /// A code rule's full explanation with its examples.
    public static func explanation(_ rule: any CodeRule.Type) -> String {
        let description = rule.description
        var text = "\(description.id): \(description.name) (code rule, ckschema check-code)\n\n"
        text += "  category:  \(description.category.rawValue)\n"
        text += "  severity:  \(description.defaultSeverity.rawValue)\n"
        text += "\n\(description.summary)\n\n\(description.rationale)\n"
        for (title, examples) in [("Triggers (↓ marks where the rule reports)", rule.triggeringCode),
                                  ("Does not trigger", rule.nonTriggeringCode)] {
            text += "\n\(title):\n"
            for example in examples {
                text += "\n  (swift)\n" + indented(title.hasPrefix("Triggers") ? example.code : example.unmarkedCode)
                text += "  against (yaml)\n" + indented(example.schema)
            }
        }
        return text
    }

    /// The code-rules section of `docs/rules.md`.
    public static func markdown(_ rules: [any CodeRule.Type]) -> String {
        var text = """

            # Code rules

            `ckschema check-code` reads the app's Swift code (see [check-code.md](check-code.md)) and judges each \
            use of CloudKit against the schema the app ships to (by default production) with these rules. They \
            are selected and given severities under `code:` in `ckschema.yaml`, like lint rules, and silenced \
            with `// ckschema:disable-next-line rule_id`.

            | rule | severity | category | summary |
            |---|---|---|---|

            """
        for rule in rules {
            let description = rule.description
            text += "| [`\(description.id)`](#\(description.id)) | \(description.defaultSeverity.rawValue) | "
                + "\(description.category.rawValue) | \(description.summary) |\n"
        }
        for rule in rules {
            let description = rule.description
            text += "\n## \(description.id)\n\n**\(description.name)** — \(description.category.rawValue), "
                + "\(description.defaultSeverity.rawValue).\n\n\(description.summary)\n\n\(description.rationale)\n"
            for (title, examples) in [("Triggers", rule.triggeringCode), ("Does not trigger", rule.nonTriggeringCode)] {
                text += "\n\(title):\n"
                for example in examples {
                    text += "\n```swift\n\(example.unmarkedCode)\n```\n"
                    text += "\nagainst:\n\n```yaml\n\(example.schema)\n```\n"
                }
            }
        }
        return text
    }

    private static func indented(_ code: String) -> String {
        code.split(separator: "\n", omittingEmptySubsequences: false).map { "    \($0)" }.joined(separator: "\n") + "\n"
    }
}
