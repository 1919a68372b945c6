import CKSchemaCore

/// A field the models create is missing from the environment's record type.
struct ModelFieldNotDeployedRule: ModelRule {
    static let description = RuleDescription(
        id: "model_field_not_deployed", kind: .model, category: .structure, defaultSeverity: .error,
        summary: "Every field the mirrored models create must exist in the environment the app ships to.",
        rationale: """
            A property added to a model works in development, where the field is created just in time, and \
            silently stops syncing in production until the schema is deployed: every save of the record fails \
            (partial failure, 134406). Deploy the schema; to change a property's type, add a new property instead.
            """,
        examples: .models(triggering: [
            ModelExample(model: """
                <model usedWithCloudKit="YES">
                    <entity name="Trip">
                        <attribute name="name" optional="YES" attributeType="String"/>
                        ↓<attribute name="rating" optional="YES" attributeType="Integer 64"/>
                    </entity>
                </model>
                """, environment: """
                DEFINE SCHEMA
                    RECORD TYPE CD_Trip (CD_entityName STRING QUERYABLE SEARCHABLE SORTABLE, CD_name STRING QUERYABLE SEARCHABLE SORTABLE);
                """),
        ], nonTriggering: [
            ModelExample(model: """
                <model usedWithCloudKit="YES">
                    <entity name="Trip">
                        <attribute name="name" optional="YES" attributeType="String"/>
                    </entity>
                </model>
                """, environment: """
                DEFINE SCHEMA
                    RECORD TYPE CD_Trip (CD_entityName STRING QUERYABLE SEARCHABLE SORTABLE, CD_name STRING QUERYABLE SEARCHABLE SORTABLE);
                """),
        ]))

    func check(_ context: ModelRuleContext) -> [Diagnostic] {
        guard let environment = context.environment else { return [] }
        return context.derived.schema.recordTypes.flatMap { recordType -> [Diagnostic] in
            guard ModelRuleContext.isModelRecordType(recordType.name),
                  let deployed = environment.recordType(named: recordType.name) else { return [] }
            return recordType.fields.filter {
                !ModelRuleContext.isCompanion($0.name) && $0.name != CloudKitFieldMapping.moveReceiptAsset
                    && deployed.field(named: $0.name) == nil
            }.map { field in
                context.finding(
                    "field '\(field.name)' of '\(recordType.name)' is not in \(context.environmentName): saving a record "
                        + "that has a value for it fails for users (partial failure, 134406), silently; deploy the schema "
                        + "(Deploy Schema Changes) before this model ships",
                    at: context.location(of: .field(recordType.name, field.name)), subject: .field(recordType.name, field.name))
            }
        }
    }
}
