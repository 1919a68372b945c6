import CKSchemaCore

/// A mirrored attribute has a type CloudKit cannot store (Object ID, Undefined).
struct ModelUnsupportedAttributeTypeRule: ModelRule {
    static let description = RuleDescription(
        id: "model_unsupported_attribute_type", kind: .model, category: .types, defaultSeverity: .error,
        summary: "Mirrored attributes cannot be of type Object ID or Undefined.",
        rationale: """
            An object ID is local to one store and an undefined attribute has no stored form, so CloudKit mirroring \
            cannot sync either and refuses the model. Store a UUID or the related object through a relationship.
            """,
        examples: .models(triggering: [
            ModelExample(model: ModelExampleText.model(ModelExampleText.entity(
                "Trip", ModelExampleText.attribute("link", "Object ID", marked: true)))),
        ], nonTriggering: [
            ModelExample(model: ModelExampleText.model(ModelExampleText.entity(
                "Trip", ModelExampleText.attribute("link", "UUID"),
                ModelExampleText.attribute("scratch", "Undefined", " transient=\"YES\"")))),
        ]))

    func check(_ context: ModelRuleContext) -> [Diagnostic] {
        context.mirroredAttributes { $0.type == .objectID || $0.type == .undefined }.map { entity, attribute in
            context.finding(
                "'\(entity.name).\(attribute.name)' is of type \(attribute.type == .objectID ? "Object ID" : "Undefined"), "
                    + "which CloudKit cannot store, and '\(entity.name)' syncs with CloudKit: the store fails to load for "
                    + "every user; store a UUID or use a relationship, or mark it transient",
                at: attribute.location ?? entity.location)
        }
    }
}
