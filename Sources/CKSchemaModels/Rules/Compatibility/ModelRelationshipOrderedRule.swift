import CKSchemaCore

/// A mirrored relationship is ordered.
struct ModelRelationshipOrderedRule: ModelRule {
    static let description = RuleDescription(
        id: "model_relationship_ordered", kind: .model, category: .structure, defaultSeverity: .error,
        summary: "Mirrored relationships cannot be ordered.",
        rationale: """
            CloudKit mirroring does not support ordered relationships (TN3164): the store fails to load. Keep the \
            order in an attribute of the destination (a sort index) and make the relationship unordered.
            """,
        examples: .models(triggering: [
            ModelExample(model: ModelExampleText.tripAndOwner(
                owner: ModelExampleText.owner,
                trips: ModelExampleText.relationship("trips", to: "Trip", toMany: true, inverse: "owner", " ordered=\"YES\"",
                                                     marked: true))),
        ], nonTriggering: [
            ModelExample(model: ModelExampleText.model(
                ModelExampleText.entity("Trip", ModelExampleText.attribute("position", "Integer 64"), ModelExampleText.owner),
                ModelExampleText.entity("Person", ModelExampleText.trips))),
        ]))

    func check(_ context: ModelRuleContext) -> [Diagnostic] {
        context.mirroredEntities.flatMap { entity in
            entity.relationships.filter(\.isOrdered).map { relationship in
                context.finding(
                    "'\(entity.name).\(relationship.name)' is ordered, and '\(entity.name)' syncs with CloudKit, which does "
                        + "not support ordered relationships: the store fails to load for every user; store the order in an "
                        + "attribute of '\(relationship.destination)' instead",
                    at: relationship.location ?? entity.location)
            }
        }
    }
}
