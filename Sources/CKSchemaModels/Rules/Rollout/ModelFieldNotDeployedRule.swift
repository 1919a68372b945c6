import CKSchemaCore

/// A field the models create is missing from the environment's record type.
struct ModelFieldNotDeployedRule: ModelRule {
    static let description = RuleDescription(
        id: "model_field_not_deployed", kind: .model, category: .structure, defaultSeverity: .error,
        summary: "Every field the mirrored models create must exist in the environment the app ships to.",
        rationale: """
            A property added to a model works in development, where the field is created just in time, and \
            silently stops syncing in production until the schema is deployed: every save of the record fails \
            (partial failure, 134406). Deploy the schema; to change a property's type, add a new property instead.
            """,
        examples: .models(triggering: [
            ModelExample(
                model: ModelExampleText.model(ModelExampleText.entity(
                    "Trip", ModelExampleText.attribute("name", "String"),
                    ModelExampleText.attribute("rating", "Integer 64", marked: true))),
                environment: ModelExampleText.environment(ModelExampleText.deployedTrip("CD_name \(ModelExampleText.stringField)"))),
        ], nonTriggering: [
            ModelExample(model: ModelExampleText.tripWithName(), environment: ModelExampleText.environment(
                ModelExampleText.deployedTrip("CD_name \(ModelExampleText.stringField)"))),
        ]))

    func check(_ context: ModelRuleContext) -> [Diagnostic] {
        context.rollout.flatMap { pair -> [Diagnostic] in
            guard let deployed = pair.deployed else { return [] }
            let type = pair.derived.name
            return pair.derived.fields.filter {
                !ModelRuleContext.isCompanion($0.name) && $0.name != CloudKitFieldMapping.moveReceiptAsset
                    && deployed.field(named: $0.name) == nil
            }.map { field in
                context.finding(
                    "field '\(field.name)' of '\(type)' is not in \(context.environmentName): saving a record that has a "
                        + "value for it fails for users (partial failure, 134406), silently; deploy the schema (Deploy "
                        + "Schema Changes) before this model ships",
                    at: context.location(of: .field(type, field.name)), subject: .field(type, field.name))
            }
        }
    }
}
