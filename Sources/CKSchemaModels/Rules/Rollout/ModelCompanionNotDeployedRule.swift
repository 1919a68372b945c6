import CKSchemaCore

/// The `_ckAsset` companions or the move receipt fields are missing from the environment.
struct ModelCompanionNotDeployedRule: ModelRule {
    static let description = RuleDescription(
        id: "model_companion_not_deployed", kind: .model, category: .structure, defaultSeverity: .warning,
        summary: "The `_ckAsset` companions and `CD_moveReceipt` that `initializeCloudKitSchema()` creates should be deployed.",
        rationale: """
            NSPersistentCloudKitContainer writes a value too large for the record into `CD_<name>_ckAsset`, and \
            writes `CD_moveReceipt` when a record moves zones (sharing). Just-in-time creation makes these only once \
            it needed them, so a production schema deployed from it often lacks them; then large values or shared \
            records fail to sync. Run `initializeCloudKitSchema()` (or import the derived schema) in development \
            and deploy.
            """,
        examples: .models(triggering: [
            ModelExample(model: ModelExampleText.tripWithName(marked: true), environment: ModelExampleText.environment(
                ModelExampleText.deployedTrip("CD_name \(ModelExampleText.stringField)"))),
        ], nonTriggering: [
            ModelExample(model: ModelExampleText.tripWithName(), environment: ModelExampleText.environment(
                ModelExampleText.deployedTrip("CD_moveReceipt BYTES QUERYABLE SORTABLE", "CD_moveReceipt_ckAsset ASSET",
                                              "CD_name \(ModelExampleText.stringField)", "CD_name_ckAsset ASSET"))),
        ]))

    func check(_ context: ModelRuleContext) -> [Diagnostic] {
        context.rollout.compactMap { pair in
            guard let deployed = pair.deployed else { return nil }
            let missing = pair.derived.fields.map(\.name).filter {
                (ModelRuleContext.isCompanion($0) || $0 == CloudKitFieldMapping.moveReceiptAsset) && deployed.field(named: $0) == nil
            }
            guard !missing.isEmpty else { return nil }
            let named = missing.prefix(4).map { "'\($0)'" }.joined(separator: ", ")
            let listed = missing.count > 4 ? named + " and \(missing.count - 4) more" : named
            return context.finding(
                "'\(pair.derived.name)' in \(context.environmentName) lacks \(listed): values too large for a record, or "
                    + "records that move to a shared zone, fail to sync for users; run initializeCloudKitSchema() (or import "
                    + "the derived schema) in development and deploy",
                at: context.location(of: .recordType(pair.derived.name)), subject: .recordType(pair.derived.name))
        }
    }
}
