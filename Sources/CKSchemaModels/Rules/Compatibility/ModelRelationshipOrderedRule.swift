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
            ModelExample(model: """
                <model usedWithCloudKit="YES">
                    <entity name="Trip">
                        ↓<relationship name="stops" optional="YES" toMany="YES" ordered="YES" destinationEntity="Stop" inverseName="trip"/>
                    </entity>
                    <entity name="Stop">
                        <relationship name="trip" optional="YES" maxCount="1" destinationEntity="Trip" inverseName="stops"/>
                    </entity>
                </model>
                """),
        ], nonTriggering: [
            ModelExample(model: """
                <model usedWithCloudKit="YES">
                    <entity name="Trip">
                        <relationship name="stops" optional="YES" toMany="YES" destinationEntity="Stop" inverseName="trip"/>
                    </entity>
                    <entity name="Stop">
                        <attribute name="position" optional="YES" attributeType="Integer 64" usesScalarValueType="YES"/>
                        <relationship name="trip" optional="YES" maxCount="1" destinationEntity="Trip" inverseName="stops"/>
                    </entity>
                </model>
                """),
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
