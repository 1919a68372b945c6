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
            ModelExample(model: """
                <model usedWithCloudKit="YES">
                    <entity name="Trip">
                        ↓<relationship name="owner" optional="YES" maxCount="1" destinationEntity="Person"/>
                    </entity>
                    <entity name="Person"/>
                </model>
                """),
        ], nonTriggering: [
            ModelExample(model: """
                <model usedWithCloudKit="YES">
                    <entity name="Trip">
                        <relationship name="owner" optional="YES" maxCount="1" destinationEntity="Person" inverseName="trips"/>
                    </entity>
                    <entity name="Person">
                        <relationship name="trips" optional="YES" toMany="YES" destinationEntity="Trip" inverseName="owner"/>
                    </entity>
                </model>
                """),
        ]))

    func check(_ context: ModelRuleContext) -> [Diagnostic] {
        context.mirroredEntities.flatMap { entity in
            entity.relationships.compactMap { relationship in
                let destination = context.entities[relationship.destination]
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
