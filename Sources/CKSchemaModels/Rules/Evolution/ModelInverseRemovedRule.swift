import CKSchemaCore

/// A synced relationship had an inverse when the model shipped and has none now.
struct ModelInverseRemovedRule: ModelRule {
    static let description = RuleDescription(
        id: "model_inverse_removed", kind: .model, category: .structure, defaultSeverity: .error,
        summary: "A synced relationship must keep its inverse.",
        rationale: """
            CloudKit mirroring requires every relationship to have an inverse ('CloudKit integration requires that \
            all relationships have an inverse'); the store of the updated app fails to load at launch for every \
            user. Keep the inverse (SwiftData: `@Relationship(inverse:)` on one side). This finding replaces \
            `model_relationship_no_inverse` for the relationship, saying what changed.
            """,
        examples: .models(triggering: [
            ModelExample(
                shipped: ModelExampleText.tripAndOwner(owner: ModelExampleText.owner, trips: ModelExampleText.trips),
                model: ModelExampleText.model(ModelExampleText.entity(
                    "Trip", ModelExampleText.relationship("owner", to: "Person", toMany: false, inverse: nil, marked: true)),
                    ModelExampleText.entity("Person"))),
        ], nonTriggering: [
            ModelExample(
                shipped: ModelExampleText.tripAndOwner(owner: ModelExampleText.owner, trips: ModelExampleText.trips),
                model: ModelExampleText.tripAndOwner(
                    owner: ModelExampleText.relationship("owner", to: "Person", toMany: false, inverse: "journeys"),
                    trips: ModelExampleText.relationship("journeys", to: "Trip", toMany: true, inverse: "owner"))),
        ]))

    func check(_ context: ModelRuleContext) -> [Diagnostic] {
        guard let evolution = context.evolution else { return [] }
        return evolution.mirroredChanges(.inverseChanged, of: .relationship).compactMap { change in
            guard let new = evolution.relationship(change.current, shipped: false), new.inverse == nil else { return nil }
            return context.finding(change,
                "relationship \(ModelRuleContext.quoted(change.current)) lost its inverse "
                    + "'\(change.shipped?.value ?? "")', and '\(change.entity)' syncs with CloudKit, which requires every "
                    + "relationship to have one: the updated app fails to load its store at launch for every user; keep "
                    + "the inverse")
        }
    }
}
