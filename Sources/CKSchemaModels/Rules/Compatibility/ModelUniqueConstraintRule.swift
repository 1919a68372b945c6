import CKSchemaCore

/// A mirrored entity has a uniqueness constraint (`@Attribute(.unique)`, `#Unique`, Core Data constraints).
struct ModelUniqueConstraintRule: ModelRule {
    static let description = RuleDescription(
        id: "model_unique_constraint", kind: .model, category: .structure, defaultSeverity: .error,
        summary: "Mirrored models cannot have unique constraints (`@Attribute(.unique)`, `#Unique`, Core Data constraints).",
        rationale: """
            CloudKit cannot enforce uniqueness across devices, so NSPersistentCloudKitContainer refuses to load a \
            store with constraints: 'CloudKit integration does not support unique constraints'. The app fails at \
            launch for every user. Deduplicate after import instead, or keep the constrained model in a \
            configuration that is not mirrored (`cloudKitDatabase: .none`).
            """,
        examples: .models(triggering: [
            ModelExample(model: ModelExampleText.model(ModelExampleText.entity(
                "Tag", ModelExampleText.attribute("name", "String"),
                "<uniquenessConstraints>", "    ↓<uniquenessConstraint><constraint value=\"name\"/></uniquenessConstraint>",
                "</uniquenessConstraints>"))),
        ], nonTriggering: [
            ModelExample(model: ModelExampleText.model(
                ModelExampleText.entity(
                    "Tag", ModelExampleText.attribute("name", "String"),
                    "<uniquenessConstraints>", "    <uniquenessConstraint><constraint value=\"name\"/></uniquenessConstraint>",
                    "</uniquenessConstraints>"),
                configurations: ["<configuration name=\"Cache\"><memberEntity name=\"Tag\"/></configuration>",
                                 "<configuration name=\"Cloud\" usedWithCloudKit=\"YES\"/>"],
                mirrored: false)),
        ]))

    func check(_ context: ModelRuleContext) -> [Diagnostic] {
        context.mirroredEntities.flatMap { entity in
            var findings = entity.uniquenessConstraints.map { constraint in
                context.finding(
                    "'\(entity.name)' is unique on \(constraint.properties.map { "'\($0)'" }.joined(separator: ", ")), and it "
                        + "syncs with CloudKit, which does not support unique constraints: the store fails to load for every "
                        + "user; remove the constraint and deduplicate after import, or keep the model out of CloudKit",
                    at: constraint.location ?? entity.location, subject: .recordType(CloudKitFieldMapping.recordTypeName(root: entity.name)))
            }
            let covered = Set(entity.uniquenessConstraints.flatMap(\.properties))
            for attribute in entity.attributes where attribute.isUnique && !covered.contains(attribute.name) {
                findings.append(context.finding(
                    "\(ModelRuleContext.describe(entity, attribute.name, declaredType: attribute.declaredType)) is "
                        + "'.unique', and '\(entity.name)' syncs with CloudKit, which does not support unique constraints: the "
                        + "store fails to load for every user; remove '.unique', or keep the model out of CloudKit",
                    at: attribute.location ?? entity.location))
            }
            return findings
        }
    }
}
