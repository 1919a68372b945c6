import CKSchemaCore

/// A synced attribute's type changed, keeping its CloudKit field type.
struct ModelAttributeTypeChangedRule: ModelRule {
    static let description = RuleDescription(
        id: "model_attribute_type_changed", kind: .model, category: .types, defaultSeverity: .warning,
        summary: "A synced attribute whose type changes but keeps its CloudKit field type (Int16→Int64, an enum's cases, a Codable's shape) needs care.",
        rationale: """
            The field accepts the new values, but the local store may need a custom migration stage, and older \
            versions still installed decode the new payload as well as they can: a Codable struct with a new shape \
            or an enum with a new case may fail to decode on them, or lose values. Keep Codable payloads backward \
            compatible (new members optional), or add a new attribute and copy the value in code.
            """,
        examples: .models(triggering: [
            ModelExample(
                shipped: ModelExampleText.model(ModelExampleText.entity("Trip", ModelExampleText.attribute("rating", "Integer 16"))),
                model: ModelExampleText.model(ModelExampleText.entity(
                    "Trip", ModelExampleText.attribute("rating", "Integer 64", marked: true)))),
        ], nonTriggering: [
            ModelExample(
                shipped: ModelExampleText.model(ModelExampleText.entity("Trip", ModelExampleText.attribute("rating", "Integer 16"))),
                model: ModelExampleText.model(ModelExampleText.entity("Trip", ModelExampleText.attribute("rating", "String")))),
        ]))

    func check(_ context: ModelRuleContext) -> [Diagnostic] {
        guard let evolution = context.evolution else { return [] }
        return evolution.mirroredChanges(.typeChanged, of: .attribute).compactMap { change in
            guard let old = evolution.attribute(change.shipped, shipped: true),
                  let new = evolution.attribute(change.current, shipped: false),
                  let field = CloudKitFieldMapping.fieldType(of: old.type), CloudKitFieldMapping.fieldType(of: new.type) == field
            else { return nil }
            return context.finding(change,
                "\(ModelRuleContext.quoted(change.current)) changed from \(change.shipped?.value ?? "?") to "
                    + "\(change.current?.value ?? "?"); the CloudKit field stays \(field), but the store may need a custom "
                    + "migration stage and older versions still installed must decode the new values; keep the payload "
                    + "backward compatible, or add a new attribute and copy the value in code")
        }
    }
}
