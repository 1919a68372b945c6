import CKSchemaCore

/// A mirrored relationship uses the Deny delete rule.
struct ModelDeleteRuleDenyRule: ModelRule {
    static let description = RuleDescription(
        id: "model_delete_rule_deny", kind: .model, category: .structure, defaultSeverity: .error,
        summary: "Mirrored relationships cannot use the Deny delete rule.",
        rationale: """
            Another device may delete the destination at any time, which a Deny rule cannot stop, so CloudKit \
            mirroring refuses the model. Use Nullify or Cascade.
            """,
        examples: .models(triggering: [
            ModelExample(model: ModelExampleText.tripAndOwner(
                owner: ModelExampleText.owner,
                trips: ModelExampleText.relationship("trips", to: "Trip", toMany: true, inverse: "owner",
                                                     " deletionRule=\"Deny\"", marked: true))),
        ], nonTriggering: [
            ModelExample(model: ModelExampleText.tripAndOwner(
                owner: ModelExampleText.owner,
                trips: ModelExampleText.relationship("trips", to: "Trip", toMany: true, inverse: "owner",
                                                     " deletionRule=\"Cascade\""))),
        ]))

    func check(_ context: ModelRuleContext) -> [Diagnostic] {
        context.mirroredEntities.flatMap { entity in
            entity.relationships.filter { $0.deleteRule == .deny }.map { relationship in
                context.finding(
                    "\(ModelRuleContext.describe(entity, relationship.name, declaredType: relationship.declaredType)) uses the "
                        + "Deny delete rule, and '\(entity.name)' syncs with CloudKit, which does not support it: the store "
                        + "fails to load for every user; use Nullify or Cascade",
                    at: relationship.location ?? entity.location)
            }
        }
    }
}
