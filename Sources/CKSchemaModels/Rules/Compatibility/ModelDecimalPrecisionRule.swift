import CKSchemaCore

/// A mirrored `Decimal` attribute is stored as a `DOUBLE`.
struct ModelDecimalPrecisionRule: ModelRule {
    static let description = RuleDescription(
        id: "model_decimal_precision", kind: .model, category: .types, defaultSeverity: .note,
        summary: "A mirrored `Decimal` is stored in CloudKit as a DOUBLE, losing precision on the way.",
        rationale: """
            NSPersistentCloudKitContainer writes a Decimal as an NSNumber, which CloudKit keeps as a double: \
            amounts such as 0.1 come back rounded on other devices. Store money as an integer of the smallest unit, \
            or as a string.
            """,
        examples: .models(triggering: [
            ModelExample(model: ModelExampleText.model(ModelExampleText.entity(
                "Expense", ModelExampleText.attribute("amount", "Decimal", marked: true)))),
        ], nonTriggering: [
            ModelExample(model: ModelExampleText.model(ModelExampleText.entity(
                "Expense", ModelExampleText.attribute("cents", "Integer 64")))),
        ]))

    func check(_ context: ModelRuleContext) -> [Diagnostic] {
        context.mirroredAttributes { $0.type == .decimal }.map { entity, attribute in
            context.finding(
                "\(ModelRuleContext.describe(entity, attribute.name, declaredType: attribute.declaredType)) is a Decimal, "
                    + "which CloudKit stores as a DOUBLE: other devices read it back rounded; store an integer of the "
                    + "smallest unit, or a string, when every digit matters",
                at: attribute.location ?? entity.location)
        }
    }
}
