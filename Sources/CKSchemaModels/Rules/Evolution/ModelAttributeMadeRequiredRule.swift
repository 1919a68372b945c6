import CKSchemaCore

/// A synced attribute became non-optional with a default value since the model shipped.
struct ModelAttributeMadeRequiredRule: ModelRule {
    static let description = RuleDescription(
        id: "model_attribute_made_required", kind: .model, category: .types, defaultSeverity: .warning,
        summary: "A synced attribute made non-optional (with a default) still receives records without a value.",
        rationale: """
            Records written by older versions still installed, and records that never had the field, arrive \
            without a value; the importer writes the default in its place, so code cannot tell 'never set' from the \
            default. Keep the attribute optional if that difference matters.
            """,
        examples: .models(triggering: [
            ModelExample(
                shipped: ModelExampleText.model(ModelExampleText.entity("Trip", ModelExampleText.attribute("name", "String"))),
                model: ModelExampleText.model(ModelExampleText.entity(
                    "Trip", ModelExampleText.attribute("name", "String", " defaultValueString=\"\"", optional: false, marked: true)))),
        ], nonTriggering: [
            ModelExample(
                shipped: ModelExampleText.model(ModelExampleText.entity(
                    "Trip", ModelExampleText.attribute("name", "String", " defaultValueString=\"\"", optional: false))),
                model: ModelExampleText.model(ModelExampleText.entity("Trip", ModelExampleText.attribute("name", "String")))),
        ]))

    func check(_ context: ModelRuleContext) -> [Diagnostic] {
        guard let evolution = context.evolution else { return [] }
        return evolution.mirroredChanges(.optionalityChanged, of: .attribute).compactMap { change in
            guard let new = evolution.attribute(change.current, shipped: false), !new.isOptional, new.hasDefault else { return nil }
            return context.finding(change,
                "\(ModelRuleContext.quoted(change.current)) became non-optional: records from older versions still "
                    + "installed, and records that never set it, arrive without a value and get the default, so 'not set' "
                    + "and the default look the same; keep it optional if that matters")
        }
    }
}
