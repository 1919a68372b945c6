import CKSchemaCore

/// A synced attribute's type changed in a way that changes its CloudKit field type.
struct ModelFieldTypeChangedRule: ModelRule {
    static let description = RuleDescription(
        id: "model_field_type_changed", kind: .model, category: .types, defaultSeverity: .error,
        summary: "A synced attribute must keep the CloudKit field type it shipped with (Int→String, Date→Double, enum→Int).",
        rationale: """
            A CloudKit field's type never changes. After the update, every device exports values of the new type \
            to the old field, and the server refuses them ('invalid attempt to set value type BYTES for field …'); \
            the failed export stalls all sync for that user, not only this record. Older versions still installed \
            keep writing the old type. Add a new attribute with the new type, copy the value in code, and keep \
            the old one.
            """,
        examples: .models(triggering: [
            ModelExample(
                shipped: ModelExampleText.model(ModelExampleText.entity("Trip", ModelExampleText.attribute("rating", "Integer 16"))),
                model: ModelExampleText.model(ModelExampleText.entity(
                    "Trip", ModelExampleText.attribute("rating", "String", marked: true)))),
        ], nonTriggering: [
            ModelExample(
                shipped: ModelExampleText.model(ModelExampleText.entity("Trip", ModelExampleText.attribute("rating", "Integer 16"))),
                model: ModelExampleText.model(ModelExampleText.entity("Trip", ModelExampleText.attribute("rating", "Integer 64")))),
        ]))

    func check(_ context: ModelRuleContext) -> [Diagnostic] {
        guard let evolution = context.evolution else { return [] }
        return evolution.mirroredChanges(.typeChanged, of: .attribute).compactMap { change in
            guard let old = evolution.attribute(change.shipped, shipped: true),
                  let new = evolution.attribute(change.current, shipped: false),
                  let before = CloudKitFieldMapping.fieldType(of: old.type), let after = CloudKitFieldMapping.fieldType(of: new.type),
                  before != after else { return nil }
            return context.finding(change,
                "\(ModelRuleContext.quoted(change.current)) changed from \(change.shipped?.value ?? "?") to "
                    + "\(change.current?.value ?? "?"): its CloudKit field stays \(before), so every export of the new "
                    + "value is refused and sync stalls for every updated device, while older versions keep writing "
                    + "\(before); add a new attribute of the new type, copy the value in code, and keep this one")
        }
    }
}
