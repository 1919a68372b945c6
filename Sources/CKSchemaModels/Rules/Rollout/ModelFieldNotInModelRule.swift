import CKSchemaCore

/// The environment holds `CD_` fields or types no model creates any more.
struct ModelFieldNotInModelRule: ModelRule {
    static let description = RuleDescription(
        id: "model_field_not_in_model", kind: .model, category: .structure, defaultSeverity: .note,
        summary: "Fields and `CD_` types the environment holds but no model creates: kept forever, harmless.",
        rationale: """
            Production never deletes a field or a type: a removed or renamed property leaves its field behind. It \
            costs nothing and old app versions may still write it; this note only lists them, so that a rename that \
            was meant to keep its data (`@Attribute(originalName:)`) can be checked.
            """,
        examples: .models(triggering: [
            ModelExample(
                model: ModelExampleText.model(ModelExampleText.entity("Trip", marked: true, ModelExampleText.attribute("title", "String"))),
                environment: ModelExampleText.environment(ModelExampleText.deployedTrip(
                    "CD_name \(ModelExampleText.stringField)", "CD_title \(ModelExampleText.stringField)"))),
        ], nonTriggering: [
            ModelExample(
                model: ModelExampleText.model(ModelExampleText.entity("Trip", ModelExampleText.attribute("title", "String"))),
                environment: ModelExampleText.environment(ModelExampleText.deployedTrip("CD_title \(ModelExampleText.stringField)"),
                                                          "Users (roles LIST<INT64>)")),
        ]))

    func check(_ context: ModelRuleContext) -> [Diagnostic] {
        guard let environment = context.environment else { return [] }
        var findings: [Diagnostic] = []
        for deployed in environment.recordTypes where ModelRuleContext.isModelRecordType(deployed.name) {
            guard let derived = context.derived.schema.recordType(named: deployed.name) else {
                if deployed.name.hasPrefix("CD_") {
                    findings.append(context.finding(
                        "'\(deployed.name)' is in \(context.environmentName) but no model creates it any more: it stays "
                            + "there forever, harmless", at: nil, subject: .recordType(deployed.name)))
                }
                continue
            }
            let stale = deployed.fields.map(\.name).filter { $0.hasPrefix("CD_") && derived.field(named: $0) == nil }
            guard !stale.isEmpty else { continue }
            findings.append(context.finding(
                "'\(deployed.name)' in \(context.environmentName) holds \(stale.map { "'\($0)'" }.joined(separator: ", ")), "
                    + "which no model property creates any more (removed or renamed): kept forever, harmless",
                at: context.location(of: .recordType(deployed.name)), subject: .recordType(deployed.name)))
        }
        return findings
    }
}
