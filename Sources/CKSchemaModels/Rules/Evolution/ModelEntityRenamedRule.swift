import CKSchemaCore

/// A mirrored entity was renamed with a renaming identifier since the model shipped.
struct ModelEntityRenamedRule: ModelRule {
    static let description = RuleDescription(
        id: "model_entity_renamed", kind: .model, category: .naming, defaultSeverity: .error,
        summary: "A synced entity must not be renamed with a renaming identifier (Core Data `elementID`).",
        rationale: """
            A renaming identifier asks Core Data to migrate the store in place, and CloudKit mirroring forbids it: \
            'CloudKit integration forbids renaming … Older devices can't process the new records.' On every device \
            that has synced, the updated app cannot open its store at launch; new installs work, which hides it in \
            testing. Older versions still installed keep writing records of the old type. Keep the entity's name \
            (rename the Swift class with `representedClassName` only), or add a new entity and copy the records in \
            code, leaving the old one in the model.
            """,
        examples: .models(triggering: [
            ModelExample(
                shipped: ModelExampleText.model(ModelExampleText.entity("Trip", ModelExampleText.attribute("name", "String"))),
                model: ModelExampleText.model(ModelExampleText.entity(
                    "Journey\" elementID=\"Trip", marked: true, ModelExampleText.attribute("name", "String")))),
        ], nonTriggering: [
            ModelExample(
                shipped: ModelExampleText.model(ModelExampleText.entity("Trip", ModelExampleText.attribute("name", "String"))),
                model: ModelExampleText.model(ModelExampleText.entity(
                    "Trip\" representedClassName=\"Journey", ModelExampleText.attribute("name", "String")))),
        ]))

    func check(_ context: ModelRuleContext) -> [Diagnostic] {
        (context.evolution?.mirroredChanges(.renamed, of: .entity) ?? []).map { change in
            context.finding(change,
                "entity \(ModelRuleContext.quoted(change.shipped)) is renamed to \(ModelRuleContext.quoted(change.current)) "
                    + "with a renaming identifier, and it syncs with CloudKit, which forbids renaming entities: on every "
                    + "device that has synced, the updated app fails to open its store at launch (new installs work); "
                    + "keep the entity's name, or add a new entity, copy the records in code and keep the old one")
        }
    }
}
