import CKSchemaCore

/// Planning the generated `merge(ancestor:server:client:)`: each field's policy, checked against its Swift type,
/// and the clock `latest` compares. The lint rules report the same problems first; these errors keep a schema
/// that skipped linting from producing code that does not compile.
extension ModelPlanner {
    /// Sets the merge policy of every field and returns the stored property of the type's `mergeClock`.
    func planMerge(of recordType: RecordType, fields: inout [FieldPlan], findings: inout [Diagnostic]) -> String? {
        for index in fields.indices {
            let policy = recordType.mergePolicy(of: fields[index].field)
            if let reason = Self.unsupportedReason(policy, for: fields[index]) {
                let name = fields[index].field.name
                let path: SchemaPath = fields[index].field.metadata.mergePolicy == nil
                    ? .recordTypeKey(recordType.name, "merge") : .fieldKey(recordType.name, name, "merge")
                findings.append(diagnostics.error(
                    .codegenUnsupportedMergePolicy,
                    "field '\(name)' of record type '\(recordType.name)' cannot merge '\(policy.rawValue)': \(reason)",
                    at: path))
            }
            fields[index].mergePolicy = policy
        }
        guard let clock = recordType.metadata.mergeClock else { return nil }
        guard let plan = fields.first(where: { $0.field.name == clock }), plan.kind == .timestamp, !plan.isList else {
            findings.append(diagnostics.error(
                .codegenUnsupportedMergePolicy,
                "the 'mergeClock' of record type '\(recordType.name)' is '\(clock)', which is not a TIMESTAMP field of the type",
                at: .recordTypeKey(recordType.name, "mergeClock")))
            return nil
        }
        return FieldCode(plan: plan, namespace: options.namespace).storageName
    }

    /// Why `policy` cannot merge the Swift values of `field`, or `nil` when it can.
    static func unsupportedReason(_ policy: MergePolicy, for field: FieldPlan) -> String? {
        switch policy {
        case .server, .client, .latest:
            return nil
        case .union:
            return field.isList ? nil : "'union' merges lists"
        case .max, .min:
            if !field.isList, [.int64, .double, .timestamp].contains(field.kind) { return nil }
            return "'\(policy.rawValue)' merges single numbers and timestamps"
        case .sum:
            if !field.isList, [.int64, .double].contains(field.kind) { return nil }
            return "'sum' merges single numbers (counters)"
        }
    }
}
