import CKSchemaCore

/// A synced entity's relationship is non-optional now and was not when the model shipped (made required, or
/// added as required).
struct ModelRelationshipMadeRequiredRule: ModelRule {
    static let description = RuleDescription(
        id: "model_relationship_made_required", kind: .model, category: .structure, defaultSeverity: .error,
        summary: "A synced entity's relationship must not become (or be added as) non-optional.",
        rationale: """
            CloudKit mirroring requires every relationship to be optional ('CloudKit integration requires that all \
            relationships be optional', 134060), because related records arrive in any order. Making one required, \
            or adding a required one, makes the updated app fail to load its store at launch for every user, new \
            installs included. Keep it optional (SwiftData: `Trip?`, `[Trip]?`) and enforce the rule in code. This \
            finding replaces `model_relationship_not_optional` for the relationship, saying what changed.
            """,
        examples: .models(triggering: [
            ModelExample(
                shipped: ModelExampleText.tripAndOwner(owner: ModelExampleText.owner, trips: ModelExampleText.trips),
                model: ModelExampleText.tripAndOwner(
                    owner: ModelExampleText.relationship("owner", to: "Person", toMany: false, inverse: "trips", optional: false,
                                                         marked: true),
                    trips: ModelExampleText.trips)),
        ], nonTriggering: [
            ModelExample(
                shipped: ModelExampleText.tripAndOwner(
                    owner: ModelExampleText.relationship("owner", to: "Person", toMany: false, inverse: "trips", optional: false),
                    trips: ModelExampleText.trips),
                model: ModelExampleText.tripAndOwner(owner: ModelExampleText.owner, trips: ModelExampleText.trips)),
        ]))

    func check(_ context: ModelRuleContext) -> [Diagnostic] {
        guard let evolution = context.evolution else { return [] }
        let changes = evolution.mirroredChanges(.optionalityChanged, of: .relationship)
            + evolution.mirroredChanges(.added, of: .relationship).filter { evolution.entity($0.entity, shipped: true) != nil }
        return changes.compactMap { change in
            guard let new = evolution.relationship(change.current, shipped: false), !new.isOptional else { return nil }
            return context.finding(change,
                "relationship \(ModelRuleContext.quoted(change.current)) \(change.kind == .added ? "is added as" : "became") "
                    + "non-optional, and '\(change.entity)' syncs with CloudKit, which requires every relationship to be "
                    + "optional: the updated app fails to load its store at launch for every user; keep it optional and "
                    + "enforce it in code")
        }
    }
}
