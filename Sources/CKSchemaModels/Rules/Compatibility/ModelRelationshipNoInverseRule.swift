import CKSchemaCore

/// A mirrored relationship has no inverse.
struct ModelRelationshipNoInverseRule: ModelRule {
    static let description = RuleDescription(
        id: "model_relationship_no_inverse", kind: .model, category: .structure, defaultSeverity: .error,
        summary: "Every mirrored relationship needs an inverse (a warning for SwiftData, which infers some).",
        rationale: """
            CloudKit mirroring keeps both ends of a link consistent through the inverse, and refuses a Core Data store \
            without one: 'CloudKit integration requires that all relationships have an inverse'. SwiftData infers an \
            inverse when the two ends are unambiguous, so there it is a warning: say `@Relationship(inverse:)` to be \
            sure.
            """,
        examples: .models(triggering: [
            ModelExample(model: ModelExampleText.model(
                ModelExampleText.entity("Trip", ModelExampleText.relationship("owner", to: "Person", toMany: false, inverse: nil,
                                                                              marked: true)),
                ModelExampleText.entity("Person"))),
        ], nonTriggering: [
            ModelExample(model: ModelExampleText.tripAndOwner(owner: ModelExampleText.owner, trips: ModelExampleText.trips)),
        ]))

    func check(_ context: ModelRuleContext) -> [Diagnostic] {
        context.mirroredEntities.flatMap { entity in
            entity.relationships.compactMap { relationship in
                let destination = context.destination(of: relationship, from: entity)
                // SwiftData: an inverse declared on the other end counts.
                let declaredOpposite = destination?.relationships.contains {
                    $0.destination == entity.name && $0.inverse == relationship.name
                } ?? false
                guard relationship.inverse == nil, !declaredOpposite else { return nil }
                return context.finding(
                    "\(ModelRuleContext.describe(entity, relationship.name, declaredType: relationship.declaredType)) has no "
                        + "inverse, and '\(entity.name)' syncs with CloudKit: "
                        + (entity.source == .swiftData
                            ? "SwiftData infers one only when it is unambiguous; declare it with '@Relationship(inverse:)'"
                            : "the store fails to load for every user; add the inverse relationship on '\(relationship.destination)'"),
                    at: relationship.location ?? entity.location, severity: entity.source == .swiftData ? .warning : nil)
            }
        }
    }
}
