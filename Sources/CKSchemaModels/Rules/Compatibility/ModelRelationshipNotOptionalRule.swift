import CKSchemaCore

/// A mirrored relationship is not optional.
struct ModelRelationshipNotOptionalRule: ModelRule {
    static let description = RuleDescription(
        id: "model_relationship_not_optional", kind: .model, category: .structure, defaultSeverity: .error,
        summary: "Every mirrored relationship must be optional (`Trip?`, `[Stop]?`, not `[Stop] = []`).",
        rationale: """
            Records arrive one at a time, so a relationship's destination may not exist yet; CloudKit mirroring \
            refuses a store with a required relationship: 'CloudKit integration requires that all relationships be \
            optional'. The app fails at launch for every user.
            """,
        examples: .models(triggering: [
            ModelExample(model: ModelExampleText.tripAndOwner(
                owner: ModelExampleText.relationship("owner", to: "Person", toMany: false, inverse: "trips", optional: false,
                                                     marked: true),
                trips: ModelExampleText.trips)),
        ], nonTriggering: [
            ModelExample(model: ModelExampleText.tripAndOwner(owner: ModelExampleText.owner, trips: ModelExampleText.trips)),
        ]))

    func check(_ context: ModelRuleContext) -> [Diagnostic] {
        context.mirroredEntities.flatMap { entity in
            entity.relationships.filter { !$0.isOptional }.map { relationship in
                context.finding(
                    "\(ModelRuleContext.describe(entity, relationship.name, declaredType: relationship.declaredType)) is not "
                        + "optional, and '\(entity.name)' syncs with CloudKit: the store fails to load for every user; make it "
                        + "optional" + (relationship.isToMany && entity.source == .swiftData ? " ('[\(relationship.destination)]?')" : ""),
                    at: relationship.location ?? entity.location)
            }
        }
    }
}
