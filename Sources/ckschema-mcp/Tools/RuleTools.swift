#if MCP  // the package trait that brings the MCP SDK (Package.swift)
import CKSchemaCore
import CKSchemaReporting
import CKSchemaService

extension ProjectTool {
    /// `ckschema rules --format json [--kind KIND]`.
    static let listRules = ProjectTool(
        name: "list_rules",
        description: """
            List ckschema's checks: lint, breaking-change, code, record, codegen, model and built-in rules, with \
            their IDs, severities and documentation (the JSON of `ckschema rules --format json`). Use it to find \
            the rule behind a finding or to choose rules to configure in ckschema.yaml.
            """,
        properties: [("kind", ArgumentSchema.string("Only checks of this kind.", enum: RuleKind.allCases.map(\.rawValue)))],
        resultKeys: ["version", "rules", "builtInChecks"]
    ) { arguments, _ throws(ServiceError) in
        let rules = RuleLookup.rules(of: try kind(arguments))
        return ToolOutput(summary: SchemaLint.count(rules.count, "check"), json: RuleCatalogRenderer.json(rules))
    }

    /// `ckschema rules ID` (its explanation) and `ckschema rules ID --format json` (its entry).
    static let explainRule = ProjectTool(
        name: "explain_rule",
        description: """
            Explain one rule by its ID (as in a finding's `id`, e.g. field_no_delete): why CloudKit needs it and \
            examples that pass and fail. Use it before changing a schema to silence a finding.
            """,
        properties: [("id", ArgumentSchema.string("The rule ID.")),
                     ("kind", ArgumentSchema.string("The rule's kind, when known.", enum: RuleKind.allCases.map(\.rawValue)))],
        required: ["id"],
        resultKeys: ["version", "rules", "builtInChecks"]
    ) { arguments, _ throws(ServiceError) in
        let rule = try RuleLookup.rule(try arguments.requiredString("id"), of: try kind(arguments))
        return ToolOutput(summary: RuleCatalogRenderer.explanation(rule), json: RuleCatalogRenderer.json([rule]))
    }

    private static func kind(_ arguments: ToolArguments) throws(ServiceError) -> RuleKind? {
        guard let name = try arguments.string("kind") else { return nil }
        guard let kind = RuleKind(rawValue: name) else {
            throw .invalidArgument("unknown kind '\(name)'; name one of "
                + RuleKind.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return kind
    }
}
#endif
