import CKSchemaCore

/// A synced entity is gone since the model shipped.
struct ModelEntityRemovedRule: ModelRule {
    static let description = RuleDescription(
        id: "model_entity_removed", kind: .model, category: .structure, defaultSeverity: .warning,
        summary: "Removing a synced entity leaves its records in CloudKit for ever and older versions still writing them.",
        rationale: """
            Production keeps every record type it ever had, with its records. Updated devices skip the records of \
            a removed entity ('Skipping record because its entity … is no longer in the managed object model's \
            configured entities'), while older versions still installed keep creating them, and their users see \
            data the new version never shows. Keep the entity until no older version is in use, or move its data \
            in code first.
            """,
        examples: .models(triggering: [
            ModelExample(
                shipped: ModelExampleText.model(
                    ModelExampleText.entity("Trip", ModelExampleText.attribute("name", "String")),
                    ModelExampleText.entity("Note", marked: true, ModelExampleText.attribute("text", "String"))),
                model: ModelExampleText.model(ModelExampleText.entity("Trip", ModelExampleText.attribute("name", "String")))),
        ], nonTriggering: [
            ModelExample(
                shipped: ModelExampleText.model(
                    ModelExampleText.entity("Trip", ModelExampleText.attribute("name", "String")),
                    ModelExampleText.entity("Note", ModelExampleText.attribute("text", "String"))),
                model: ModelExampleText.model(
                    ModelExampleText.entity("Trip", ModelExampleText.attribute("name", "String")),
                    ModelExampleText.entity("Note", ModelExampleText.attribute("text", "String")),
                    configurations: ["<configuration name=\"Cloud\" usedWithCloudKit=\"YES\"><memberEntity name=\"Trip\"/></configuration>"],
                    mirrored: false)),
        ]))

    func check(_ context: ModelRuleContext) -> [Diagnostic] {
        (context.evolution?.mirroredChanges(.removed, of: .entity) ?? []).filter { $0.renameHint == nil }.map { change in
            context.finding(change,
                "entity \(ModelRuleContext.quoted(change.shipped)) is removed, and it synced with CloudKit: its record type "
                    + "and records stay in production for ever, updated devices skip them, and older versions still "
                    + "installed keep creating them; keep it until no older version is in use, or move its data in code first")
        }
    }
}
