import CKSchemaCore

/// A mirrored enum or Codable value is stored as an archived `BYTES` blob.
struct ModelValueStoredAsBytesRule: ModelRule {
    static let description = RuleDescription(
        id: "model_value_stored_as_bytes", kind: .model, category: .types, defaultSeverity: .note,
        summary: "A mirrored enum or Codable value is stored as BYTES (an archive), not as its raw value: it cannot be queried.",
        rationale: """
            SwiftData archives an enum (even one with a String or Int raw value) or a Codable struct into one BYTES \
            field, so the CloudKit Console, CKQuery and other platforms see an opaque blob. When a queryable field \
            matters, store the raw value in its own property (`var statusRaw: String`) and make the enum computed.
            """)

    func check(_ context: ModelRuleContext) -> [Diagnostic] {
        context.mirroredAttributes { $0.type == .codableValue }.map { entity, attribute in
            context.finding(
                "\(ModelRuleContext.describe(entity, attribute.name, declaredType: attribute.declaredType)) is stored in "
                    + "CloudKit as BYTES, an archived value, not as its raw value: it cannot be queried, sorted or read by "
                    + "other platforms; store the raw value in a property of its own if that matters",
                at: attribute.location ?? entity.location)
        }
    }
}
