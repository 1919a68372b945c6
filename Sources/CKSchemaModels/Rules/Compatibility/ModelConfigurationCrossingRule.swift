import CKSchemaCore

/// A mirrored relationship leads to an entity no configuration holds together with its source.
struct ModelConfigurationCrossingRule: ModelRule {
    static let description = RuleDescription(
        id: "model_configuration_crossing", kind: .model, category: .configuration, defaultSeverity: .error,
        summary: "A mirrored relationship cannot lead to an entity of another configuration (store).",
        rationale: """
            Each configuration is its own store and relationships cannot cross stores; with CloudKit, the link \
            could not be synced either. Move both entities into one configuration, or replace the relationship by an \
            identifier attribute.
            """,
        examples: .models(triggering: [
            ModelExample(model: ModelExampleText.model(
                ModelExampleText.entity("Trip", ModelExampleText.relationship("cover", to: "Thumbnail", toMany: false,
                                                                              inverse: "trip", marked: true)),
                ModelExampleText.entity("Thumbnail", ModelExampleText.relationship("trip", to: "Trip", toMany: false,
                                                                                   inverse: "cover")),
                configurations: ["<configuration name=\"Cloud\" usedWithCloudKit=\"YES\"><memberEntity name=\"Trip\"/></configuration>",
                                 "<configuration name=\"Local\"><memberEntity name=\"Thumbnail\"/></configuration>"],
                mirrored: false)),
        ], nonTriggering: [
            ModelExample(model: ModelExampleText.model(
                ModelExampleText.entity("Trip", ModelExampleText.relationship("cover", to: "Thumbnail", toMany: false,
                                                                              inverse: "trip")),
                ModelExampleText.entity("Thumbnail", ModelExampleText.relationship("trip", to: "Trip", toMany: false,
                                                                                   inverse: "cover")),
                configurations: ["<configuration name=\"Cloud\" usedWithCloudKit=\"YES\"><memberEntity name=\"Trip\"/>"
                                    + "<memberEntity name=\"Thumbnail\"/></configuration>"],
                mirrored: false)),
        ]))

    func check(_ context: ModelRuleContext) -> [Diagnostic] {
        func holds(_ configuration: ModelConfiguration, _ name: String) -> Bool {
            configuration.entities.map { $0.contains(name) } ?? true
        }
        return context.mirroredEntities.flatMap { entity in
            // Only the entity's own stack's configurations place it in a store.
            let configurations = context.model.configurations.filter { $0.source == nil || $0.source == entity.source }
            return entity.relationships.compactMap { relationship -> Diagnostic? in
                guard !configurations.isEmpty, context.destination(of: relationship, from: entity) != nil,
                      !configurations.contains(where: { holds($0, entity.name) && holds($0, relationship.destination) })
                else { return nil }
                return context.finding(
                    "'\(entity.name).\(relationship.name)' leads to '\(relationship.destination)', which is in another "
                        + "configuration: relationships cannot cross stores, and the link cannot sync; put both in one "
                        + "configuration, or store an identifier instead",
                    at: relationship.location ?? entity.location)
            }
        }
    }
}
