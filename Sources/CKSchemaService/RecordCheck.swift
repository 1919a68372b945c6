package import CKSchemaCore
package import CKSchemaValidation

/// `validate`: record data checked against a schema, as `ckschema validate` and the MCP `validate_records`
/// tool both run it.
package enum RecordCheck {
    /// What to check the records as: Web Services JSON, or cktool `--fields-json` payloads of `recordType`;
    /// judged as production does, or as development does (unknown types and fields are warnings);
    /// `maximumFindings` 0 means no limit.
    package static func options(recordType: String?, development: Bool, maximumFindings: Int,
                                parallelism: Int = ValidationOptions.availableProcessors) -> ValidationOptions {
        ValidationOptions(format: recordType.map { .cktoolFields(recordType: $0) } ?? .webServices,
                          environment: development ? .development : .production, parallelism: parallelism,
                          maximumFindings: maximumFindings == 0 ? Int.max : maximumFindings)
    }

    /// Checks `schema` can judge records: it has no errors, and holds `recordType` when one is named.
    package static func requireUsable(_ parsed: ParsedSchema, named name: String, recordType: String?) throws(ServiceError) {
        if parsed.hasErrors {
            throw .couldNotRun("the schema '\(name)' is invalid; no records were checked")
        }
        if let recordType, parsed.schema.recordType(named: recordType) == nil {
            throw .couldNotRun("record type '\(recordType)' is not in the schema")
        }
    }

    /// `checked 3 records in 1 input: 1 invalid`.
    package static func summary(_ result: ValidationResult, inputs: Int) -> String {
        let files = inputs == 1 ? "1 input" : "\(inputs) inputs"
        let checked = result.recordCount == 1 ? "1 record" : "\(result.recordCount) records"
        return "checked \(checked) in \(files): \(result.invalidRecordCount) invalid"
    }
}
