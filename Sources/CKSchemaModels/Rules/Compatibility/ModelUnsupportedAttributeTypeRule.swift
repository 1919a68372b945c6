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
            ModelExample(model: """
                <model usedWithCloudKit="YES">
                    <entity name="Trip">
                        ↓<attribute name="link" optional="YES" attributeType="Object ID"/>
                    </entity>
                </model>
                """),
        ], nonTriggering: [
            ModelExample(model: """
                <model usedWithCloudKit="YES">
                    <entity name="Trip">
                        <attribute name="link" optional="YES" attributeType="UUID"/>
                        <attribute name="scratch" optional="YES" attributeType="Undefined" transient="YES"/>
                    </entity>
                </model>
                """),
        ]))

    func check(_ context: ModelRuleContext) -> [Diagnostic] {
        context.mirroredEntities.flatMap { entity in
            entity.attributes.filter { !$0.isTransient && ($0.type == .objectID || $0.type == .undefined) }.map { attribute in
                context.finding(
                    "'\(entity.name).\(attribute.name)' is of type \(attribute.type == .objectID ? "Object ID" : "Undefined"), "
                        + "which CloudKit cannot store, and '\(entity.name)' syncs with CloudKit: the store fails to load for "
                        + "every user; store a UUID or use a relationship, or mark it transient",
                    at: attribute.location ?? entity.location)
            }
        }
    }
}
