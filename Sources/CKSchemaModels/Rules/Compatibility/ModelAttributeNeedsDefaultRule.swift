import CKSchemaCore

/// A mirrored attribute is neither optional nor given a default value in the model.
struct ModelAttributeNeedsDefaultRule: ModelRule {
    static let description = RuleDescription(
        id: "model_attribute_needs_default", kind: .model, category: .types, defaultSeverity: .error,
        summary: "Every mirrored attribute must be optional or have a default value in the model.",
        rationale: """
            A record from another device may lack any field, so CloudKit mirroring requires every attribute to be \
            optional or defaulted, and refuses the store otherwise: 'CloudKit integration requires that all attributes \
            be optional, or have a default value set'. In SwiftData the default must be on the declaration \
            (`var name = ""`), not only in `init`, and written in full (`Date.now`, not `.now`).
            """,
        examples: .models(triggering: [
            ModelExample(model: ModelExampleText.model(ModelExampleText.entity(
                "Trip", ModelExampleText.attribute("name", "String", optional: false, marked: true)))),
        ], nonTriggering: [
            ModelExample(model: ModelExampleText.model(ModelExampleText.entity(
                "Trip", ModelExampleText.attribute("name", "String", " defaultValueString=\"\"", optional: false),
                ModelExampleText.attribute("start", "Date"),
                ModelExampleText.attribute("cache", "String", " transient=\"YES\"", optional: false)))),
        ]))

    func check(_ context: ModelRuleContext) -> [Diagnostic] {
        context.mirroredEntities.flatMap { entity in
            entity.attributes.filter { !$0.isTransient && !$0.isOptional && !$0.hasDefault }.map { attribute in
                context.finding(
                    "\(ModelRuleContext.describe(entity, attribute.name, declaredType: attribute.declaredType)) is neither "
                        + "optional nor given a default value, and '\(entity.name)' syncs with CloudKit: the store fails to "
                        + "load for every user; make it optional or give it a default in the model"
                        + (entity.source == .swiftData ? " (on the declaration, not in init)" : ""),
                    at: attribute.location ?? entity.location,
                    subject: .field(CloudKitFieldMapping.recordTypeName(root: entity.name), CloudKitFieldMapping.fieldName(attribute.name)))
            }
        }
    }
}
