import CKSchemaCore

/// A synced entity's attribute or relationship is gone since the model shipped.
struct ModelPropertyRemovedRule: ModelRule {
    static let description = RuleDescription(
        id: "model_property_removed", kind: .model, category: .structure, defaultSeverity: .warning,
        summary: "Removing a synced attribute or relationship leaves its field in CloudKit and older versions still writing it.",
        rationale: """
            Production keeps every field it ever had. Updated devices drop the local values; older versions still \
            installed keep writing the field, and what they write is never read by the new version. Stop using the \
            property in code first and remove it from the model only when no older version is in use.
            """,
        examples: .models(triggering: [
            ModelExample(
                shipped: ModelExampleText.model(ModelExampleText.entity(
                    "Trip", ModelExampleText.attribute("name", "String"), ModelExampleText.attribute("notes", "String"))),
                model: ModelExampleText.model(ModelExampleText.entity(
                    "Trip", marked: true, ModelExampleText.attribute("name", "String")))),
        ], nonTriggering: [
            ModelExample(
                shipped: ModelExampleText.model(ModelExampleText.entity("Trip", ModelExampleText.attribute("name", "String"))),
                model: ModelExampleText.model(ModelExampleText.entity(
                    "Trip", ModelExampleText.attribute("name", "String"), ModelExampleText.attribute("notes", "String")))),
        ]))

    func check(_ context: ModelRuleContext) -> [Diagnostic] {
        guard let evolution = context.evolution else { return [] }
        return (evolution.mirroredChanges(.removed, of: .attribute) + evolution.mirroredChanges(.removed, of: .relationship))
            .filter { $0.renameHint == nil && evolution.entity($0.entity, shipped: false) != nil }
            .map { change in
                var located = change
                located.current = evolution.entity(change.entity, shipped: false).map { ModelDiffer.side($0) }
                return context.finding(located,
                    "\(change.element.rawValue) \(ModelRuleContext.quoted(change.shipped)) is removed, and "
                        + "'\(change.entity)' syncs with CloudKit: its field stays in production for ever, and older "
                        + "versions still installed keep writing values the updated app never reads; stop using it in "
                        + "code first and remove it when no older version is in use")
            }
    }
}
