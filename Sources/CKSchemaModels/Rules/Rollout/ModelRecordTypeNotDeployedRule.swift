import CKSchemaCore

/// A record type the models create is missing from the environment.
struct ModelRecordTypeNotDeployedRule: ModelRule {
    static let description = RuleDescription(
        id: "model_record_type_not_deployed", kind: .model, category: .structure, defaultSeverity: .error,
        summary: "Every record type the mirrored models create must exist in the environment the app ships to.",
        rationale: """
            Development creates `CD_` types just in time; production only holds what "Deploy Schema Changes" \
            copied. A model that is not deployed fails to sync for every user (a partial failure, error 134406), \
            silently: the data stays on each device. Deploy the development schema to production before release.
            """,
        examples: .models(triggering: [
            ModelExample(model: """
                <model usedWithCloudKit="YES">
                    ↓<entity name="Trip">
                        <attribute name="name" optional="YES" attributeType="String"/>
                    </entity>
                </model>
                """, environment: "DEFINE SCHEMA\n"),
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
        return context.derived.schema.recordTypes.filter {
            ModelRuleContext.isModelRecordType($0.name) && environment.recordType(named: $0.name) == nil
        }.map { recordType in
            context.finding(
                "record type '\(recordType.name)' is not in \(context.environmentName): every record of it fails to sync "
                    + "for users (partial failure, 134406) and stays on the device; deploy the schema (Deploy Schema "
                    + "Changes) before this model ships",
                at: context.location(of: .recordType(recordType.name)), subject: .recordType(recordType.name))
        }
    }
}
