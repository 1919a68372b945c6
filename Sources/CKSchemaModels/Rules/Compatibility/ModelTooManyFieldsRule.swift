import CKSchemaCore

/// A derived record type has more fields than CloudKit allows.
struct ModelTooManyFieldsRule: ModelRule {
    static let limit = 256

    static let description = RuleDescription(
        id: "model_too_many_fields", kind: .model, category: .limits, defaultSeverity: .error,
        summary: "A mirrored inheritance tree must fit in 256 CloudKit fields, counting `_ckAsset` companions.",
        rationale: """
            A record type holds at most 256 fields (TN3164). NSPersistentCloudKitContainer puts every entity of an \
            inheritance tree in one record type, and a string, a URI or any value stored as BYTES (data, \
            transformables, arrays, Codable values) costs two fields (the value and its `_ckAsset`). Past the limit \
            the schema cannot be created and nothing syncs. Split the tree (fewer sub-entities), or move rarely used \
            attributes to a related entity.
            """)

    func check(_ context: ModelRuleContext) -> [Diagnostic] {
        context.derived.schema.recordTypes.filter { $0.fields.count > Self.limit }.map { recordType in
            context.finding(
                "record type '\(recordType.name)' would have \(recordType.fields.count) fields (\(Self.limit) at most, "
                    + "'_ckAsset' companions included): CloudKit cannot create it and nothing of it syncs; split the "
                    + "inheritance tree or move attributes to a related entity",
                at: context.location(of: .recordType(recordType.name)), subject: .recordType(recordType.name))
        }
    }
}
