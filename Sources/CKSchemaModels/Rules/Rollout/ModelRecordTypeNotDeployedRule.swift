import CKSchemaCore

/// A record type the models create is missing from the environment.
struct ModelRecordTypeNotDeployedRule: ModelRule {
    static let description = RuleDescription(
        id: "model_record_type_not_deployed", kind: .model, category: .structure, defaultSeverity: .error,
        summary: "Every record type the mirrored models create must exist in the environment the app ships to.",
        rationale: """
            Development creates `CD_` types just in time; production only holds what "Deploy Schema Changes" \
            copied. A model that is not deployed fails to sync for every user (a partial failure, error 134406), \
            silently: the data stays on each device. Deploy the development schema to production before release.
            """,
        examples: .models(triggering: [
            ModelExample(model: ModelExampleText.tripWithName(marked: true), environment: ModelExampleText.environment()),
        ], nonTriggering: [
            ModelExample(model: ModelExampleText.tripWithName(), environment: ModelExampleText.environment(
                ModelExampleText.deployedTrip("CD_name \(ModelExampleText.stringField)"))),
        ]))

    func check(_ context: ModelRuleContext) -> [Diagnostic] {
        context.rollout.filter { $0.deployed == nil }.map { pair in
            context.finding(
                "record type '\(pair.derived.name)' is not in \(context.environmentName): every record of it fails to sync "
                    + "for users (partial failure, 134406) and stays on the device; deploy the schema (Deploy Schema "
                    + "Changes) before this model ships",
                at: context.location(of: .recordType(pair.derived.name)), subject: .recordType(pair.derived.name))
        }
    }
}
