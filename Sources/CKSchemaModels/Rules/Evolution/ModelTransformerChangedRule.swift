import CKSchemaCore

/// A synced transformable attribute's value transformer changed.
struct ModelTransformerChangedRule: ModelRule {
    static let description = RuleDescription(
        id: "model_transformer_changed", kind: .model, category: .types, defaultSeverity: .warning,
        summary: "A synced transformable attribute should keep its value transformer.",
        rationale: """
            The field holds the bytes the transformer wrote. Values synced by older versions still installed were \
            written by the old transformer and must still decode with the new one, on every device; values the new \
            transformer writes must decode on the older versions. Keep the transformer and make it read both \
            forms, or add a new attribute and copy the value in code. The transformer must be registered and \
            reversible, or the store refuses it.
            """,
        examples: .models(triggering: [
            ModelExample(
                shipped: ModelExampleText.model(ModelExampleText.entity("Trip", ModelExampleText.attribute(
                    "colors", "Transformable", " valueTransformerName=\"ColorsTransformer\""))),
                model: ModelExampleText.model(ModelExampleText.entity("Trip", ModelExampleText.attribute(
                    "colors", "Transformable", " valueTransformerName=\"NSSecureUnarchiveFromData\"", marked: true)))),
        ], nonTriggering: [
            ModelExample(
                shipped: ModelExampleText.model(ModelExampleText.entity("Trip", ModelExampleText.attribute(
                    "colors", "Transformable", " valueTransformerName=\"ColorsTransformer\""))),
                model: ModelExampleText.model(ModelExampleText.entity("Trip", ModelExampleText.attribute(
                    "colors", "Transformable", " valueTransformerName=\"ColorsTransformer\"")))),
        ]))

    func check(_ context: ModelRuleContext) -> [Diagnostic] {
        (context.evolution?.mirroredChanges(.transformerChanged, of: .attribute) ?? []).map { change in
            context.finding(change,
                "\(ModelRuleContext.quoted(change.current)) changed its transformer from \(change.shipped?.value ?? "?") to "
                    + "\(change.current?.value ?? "?"): values older versions still installed synced were written by the "
                    + "old one and must decode with the new one (and the other way round); keep the transformer and let "
                    + "it read both forms, or add a new attribute and copy the value in code")
        }
    }
}
