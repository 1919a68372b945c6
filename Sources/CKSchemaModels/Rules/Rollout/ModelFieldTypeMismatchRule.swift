import CKSchemaCore

/// A field the models create has another type in the environment.
struct ModelFieldTypeMismatchRule: ModelRule {
    static let description = RuleDescription(
        id: "model_field_type_mismatch", kind: .model, category: .types, defaultSeverity: .error,
        summary: "A field the models create must have the type the environment holds for it.",
        rationale: """
            A deployed field's type never changes. A property whose type changed (Int to String, an enum that became \
            a struct) writes values the field refuses, and every save of the record fails for users. Add a new \
            property (a new field) instead of changing one, and migrate the values.
            """,
        examples: .models(triggering: [
            ModelExample(
                model: ModelExampleText.model(ModelExampleText.entity("Trip", ModelExampleText.attribute("rating", "String", marked: true))),
                environment: ModelExampleText.environment(ModelExampleText.deployedTrip("CD_rating INT64 QUERYABLE SORTABLE"))),
        ], nonTriggering: [
            ModelExample(
                model: ModelExampleText.model(ModelExampleText.entity("Trip", ModelExampleText.attribute("rating", "Integer 16"))),
                environment: ModelExampleText.environment(ModelExampleText.deployedTrip("CD_rating INT64 QUERYABLE SORTABLE"))),
        ]))

    func check(_ context: ModelRuleContext) -> [Diagnostic] {
        context.rollout.flatMap { pair -> [Diagnostic] in
            let type = pair.derived.name
            return pair.derived.fields.compactMap { field in
                guard let existing = pair.deployed?.field(named: field.name), existing.type != field.type else { return nil }
                return context.finding(
                    "field '\(field.name)' of '\(type)' is \(existing.type) in \(context.environmentName) but the model "
                        + "stores \(field.type): every save of it fails for users; a deployed field's type never changes, "
                        + "so add a new property instead of changing this one",
                    at: context.location(of: .field(type, field.name)), subject: .field(type, field.name))
            }
        }
    }
}
