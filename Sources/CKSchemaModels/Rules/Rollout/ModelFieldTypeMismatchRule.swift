import CKSchemaCore

/// A field the models create has another type in the environment.
struct ModelFieldTypeMismatchRule: ModelRule {
    static let description = RuleDescription(
        id: "model_field_type_mismatch", kind: .model, category: .types, defaultSeverity: .error,
        summary: "A field the models create must have the type the environment holds for it.",
        rationale: """
            A deployed field's type never changes. A property whose type changed (Int to String, an enum that became \
            a struct) writes values the field refuses, and every save of the record fails for users. Add a new \
            property (a new field) instead of changing one, and migrate the values.
            """,
        examples: .models(triggering: [
            ModelExample(model: """
                <model usedWithCloudKit="YES">
                    <entity name="Trip">
                        ↓<attribute name="rating" optional="YES" attributeType="String"/>
                    </entity>
                </model>
                """, environment: """
                DEFINE SCHEMA
                    RECORD TYPE CD_Trip (CD_entityName STRING QUERYABLE SEARCHABLE SORTABLE, CD_rating INT64 QUERYABLE SORTABLE);
                """),
        ], nonTriggering: [
            ModelExample(model: """
                <model usedWithCloudKit="YES">
                    <entity name="Trip">
                        <attribute name="rating" optional="YES" attributeType="Integer 16"/>
                    </entity>
                </model>
                """, environment: """
                DEFINE SCHEMA
                    RECORD TYPE CD_Trip (CD_entityName STRING QUERYABLE SEARCHABLE SORTABLE, CD_rating INT64 QUERYABLE SORTABLE);
                """),
        ]))

    func check(_ context: ModelRuleContext) -> [Diagnostic] {
        guard let environment = context.environment else { return [] }
        return context.derived.schema.recordTypes.flatMap { recordType -> [Diagnostic] in
            guard let deployed = environment.recordType(named: recordType.name) else { return [] }
            return recordType.fields.compactMap { field in
                guard let existing = deployed.field(named: field.name), existing.type != field.type else { return nil }
                return context.finding(
                    "field '\(field.name)' of '\(recordType.name)' is \(existing.type) in \(context.environmentName) but the "
                        + "model stores \(field.type): every save of it fails for users; a deployed field's type never "
                        + "changes, so add a new property instead of changing this one",
                    at: context.location(of: .field(recordType.name, field.name)), subject: .field(recordType.name, field.name))
            }
        }
    }
}
