package import CKSchemaCore

/// The registry of every record-validation check, sorted by ID, as entries of the rule catalog.
/// `docs/validate.md` documents each one.
package enum RecordRules {
    /// Every check, sorted by ID.
    package static let all: [RuleDescription] = [
        rule(.jsonDuplicateKey, .error, .syntax, "a key the validator interprets appears twice in one JSON object", []),
        rule(.jsonLoneSurrogate, .error, .syntax, "a '\\u' escape encodes half of a surrogate pair without its other half", []),
        rule(.jsonSyntax, .error, .syntax, "the input is well-formed UTF-8 JSON", []),
        rule(.jsonTooDeep, .error, .syntax, "JSON nesting stays within the depth limit", []),
        rule(.recordAssetInvalid, .error, .types, "an ASSET value is an asset dictionary (cktool: a placeholder key)", [32]),
        rule(.recordAssetTooLarge, .warning, .limits, "an asset's declared size is at most 50 MB", [34]),
        rule(.recordBoolValue, .error, .types, "a 'bool' field holds 0 or 1", [32]),
        rule(.recordBytesInvalid, .error, .types, "a BYTES value is a Base64 string", [32]),
        rule(.recordDoubleNotFinite, .error, .types, "a DOUBLE value is a finite number", [32]),
        rule(.recordEncryptionMismatch, .error, .encryption, "'isEncrypted' agrees with the field's ENCRYPTED declaration", [35]),
        rule(.recordEnumValue, .error, .metadata, "an 'enum' field holds one of its declared values", [32]),
        rule(.recordFileEmpty, .warning, .structure, "a record file holds at least one record", []),
        rule(.recordFindingsOmitted, .error, .structure, "findings beyond the listing limit (--max-findings) are counted, not listed; "
            + "the count has the severity of the worst finding left out", []),
        rule(.recordInt64NotInteger, .error, .types, "an INT64 value is a whole number without fraction or exponent", [32]),
        rule(.recordInt64OutOfRange, .error, .types, "an INT64 value lies in the signed 64-bit range", [32]),
        rule(.recordInvalidStructure, .error, .structure, "records, 'fields' and field entries have the JSON shape CloudKit expects", [31]),
        rule(.recordLocationInvalid, .error, .types, "a LOCATION has numeric latitude (-90...90) and longitude (-180...180)", [32]),
        rule(.recordLocationSuspicious, .warning, .types, "a LOCATION's optional members are plausible and known", [32]),
        rule(.recordMigrationMismatch, .warning, .metadata, "a record holding a retired field and the field that replaced it "
            + "holds the same value in both, after conversion", []),
        rule(.recordMissingRecordType, .error, .structure, "a Web Services record names its 'recordType'", [31]),
        rule(.recordNameInvalid, .error, .naming, "a record name is non-empty ASCII of at most 255 characters, not starting with '_'", [33]),
        rule(.recordOperationInvalid, .error, .structure, "a 'records/modify' operation has a known 'operationType' and a 'record' object", [31]),
        rule(.recordReferenceCrossZone, .error, .structure, "a reference points into the zone of the record holding it", [32]),
        rule(.recordReferenceInvalid, .error, .types, "a REFERENCE has a non-empty 'recordName' and a known 'action'", [32]),
        rule(.recordReferenceTargetMismatch, .error, .metadata, "a reference points at a record of the type the schema declares", [32]),
        rule(.recordRequiredFieldMissing, .error, .metadata, "a 'required' field has a value", [32]),
        rule(.recordTimestampInvalid, .error, .types, "a TIMESTAMP is whole ms since 1970 (Web Services) or an ISO 8601 date (cktool)", [32]),
        rule(.recordTimestampUnrecognized, .warning, .types, "a cktool TIMESTAMP string is in a form ckschema can check", [32]),
        rule(.recordTooLarge, .error, .limits, "a record's non-asset data is at most 1 MB", [34]),
        rule(.recordTooManyDeleteSelfReferences, .error, .limits, "a record holds at most 750 DELETE_SELF references", [34]),
        rule(.recordTypeTagMismatch, .error, .types, "a field's 'type' tag agrees with the schema's type for the field", [36]),
        rule(.recordTypeTagUnknown, .error, .types, "a field's 'type' tag is a name CloudKit defines", [36]),
        rule(.recordTypeTagUnverified, .warning, .types, "a cktool type tag is one of the documented names", [36]),
        rule(.recordUnknownField, .error, .structure, "every field key exists in the record type", [31]),
        rule(.recordUnknownKey, .warning, .structure, "record, location, reference and asset dictionaries use only keys CloudKit defines", [31]),
        rule(.recordUnknownType, .error, .structure, "the record type exists in the schema", [31]),
        rule(.recordValueTypeMismatch, .error, .types, "a value has the JSON kind its field type requires; lists hold only that element type", [32]),
        rule(.recordZoneNameInvalid, .error, .naming, "a zone name is non-empty ASCII of at most 255 characters, not starting with '_' (except '_defaultZone')", [33]),
    ]

    /// The description of the check whose ID is `id`, if any.
    package static func rule(withID id: DiagnosticID) -> RuleDescription? {
        all.first { $0.id == id }
    }

    /// The default severity of `id` (error for an ID the registry does not list).
    static func severity(of id: DiagnosticID) -> Severity {
        rule(withID: id)?.defaultSeverity ?? .error
    }

    /// A check's entry; the summary completes "checks that …" (docs/validate.md has the examples).
    private static func rule(_ id: DiagnosticID, _ severity: Severity, _ category: RuleCategory, _ summary: String,
                             _ rules: [Int]) -> RuleDescription {
        RuleDescription(id: id, kind: .record, category: category, defaultSeverity: severity, summary: summary,
                        cloudKitRules: rules)
    }
}

/// The IDs of the record-validation checks. IDs are API: never renamed, never reused.
extension DiagnosticID {
    /// A retired field and the field that replaced it hold values that disagree after conversion.
    package static let recordMigrationMismatch: DiagnosticID = "record_migration_mismatch"
    /// A key the validator interprets is repeated in one object.
    package static let jsonDuplicateKey: DiagnosticID = "json_duplicate_key"
    /// An unpaired UTF-16 surrogate in a `\u` escape.
    package static let jsonLoneSurrogate: DiagnosticID = "json_lone_surrogate"
    /// Malformed JSON: a syntax error, invalid UTF-8, a truncated document.
    package static let jsonSyntax: DiagnosticID = "json_syntax"
    /// Nesting deeper than the validator's limit.
    package static let jsonTooDeep: DiagnosticID = "json_too_deep"
    /// An ASSET value that is not an asset dictionary.
    package static let recordAssetInvalid: DiagnosticID = "record_asset_invalid"
    /// An asset whose declared size exceeds Web Services' 50 MB.
    package static let recordAssetTooLarge: DiagnosticID = "record_asset_too_large"
    /// More findings than the listing limit: the rest are counted in one finding.
    package static let recordFindingsOmitted: DiagnosticID = "record_findings_omitted"
    /// A `bool` field holding something other than 0 or 1.
    package static let recordBoolValue: DiagnosticID = "record_bool_value"
    /// A BYTES value that is not valid Base64.
    package static let recordBytesInvalid: DiagnosticID = "record_bytes_invalid"
    /// A DOUBLE value that is NaN, infinite or too large for a double.
    package static let recordDoubleNotFinite: DiagnosticID = "record_double_not_finite"
    /// `isEncrypted` disagreeing with the field's declaration.
    package static let recordEncryptionMismatch: DiagnosticID = "record_encryption_mismatch"
    /// An `enum` field holding an undeclared value.
    package static let recordEnumValue: DiagnosticID = "record_enum_value"
    /// A record file with no records.
    package static let recordFileEmpty: DiagnosticID = "record_file_empty"
    /// An INT64 value written with a fraction or an exponent.
    package static let recordInt64NotInteger: DiagnosticID = "record_int64_not_integer"
    /// An INT64 value outside the signed 64-bit range.
    package static let recordInt64OutOfRange: DiagnosticID = "record_int64_out_of_range"
    /// A record, `fields` or field entry of the wrong JSON kind, or a field entry without `value`.
    package static let recordInvalidStructure: DiagnosticID = "record_invalid_structure"
    /// A LOCATION without valid latitude and longitude.
    package static let recordLocationInvalid: DiagnosticID = "record_location_invalid"
    /// A LOCATION with an implausible or unknown optional member.
    package static let recordLocationSuspicious: DiagnosticID = "record_location_suspicious"
    /// A Web Services record without `recordType`.
    package static let recordMissingRecordType: DiagnosticID = "record_missing_record_type"
    /// A record name CloudKit refuses.
    package static let recordNameInvalid: DiagnosticID = "record_name_invalid"
    /// A `records/modify` operation without a known `operationType` or without its `record`.
    package static let recordOperationInvalid: DiagnosticID = "record_operation_invalid"
    /// A reference into another zone than its record's.
    package static let recordReferenceCrossZone: DiagnosticID = "record_reference_cross_zone"
    /// A malformed REFERENCE value.
    package static let recordReferenceInvalid: DiagnosticID = "record_reference_invalid"
    /// A reference to a record of another type than the declared target.
    package static let recordReferenceTargetMismatch: DiagnosticID = "record_reference_target_mismatch"
    /// A `required` field without a value.
    package static let recordRequiredFieldMissing: DiagnosticID = "record_required_field_missing"
    /// A TIMESTAMP of the wrong form or out of range.
    package static let recordTimestampInvalid: DiagnosticID = "record_timestamp_invalid"
    /// A cktool TIMESTAMP string in a form ckschema cannot check (cktool also accepts localized forms).
    package static let recordTimestampUnrecognized: DiagnosticID = "record_timestamp_unrecognized"
    /// A record over CloudKit's 1 MB limit for non-asset data.
    package static let recordTooLarge: DiagnosticID = "record_too_large"
    /// A record holding more than 750 DELETE_SELF references.
    package static let recordTooManyDeleteSelfReferences: DiagnosticID = "record_too_many_delete_self_references"
    /// A `type` tag naming another type than the schema's.
    package static let recordTypeTagMismatch: DiagnosticID = "record_type_tag_mismatch"
    /// A `type` tag CloudKit does not define.
    package static let recordTypeTagUnknown: DiagnosticID = "record_type_tag_unknown"
    /// A cktool type name inferred from CloudKit internals rather than documented.
    package static let recordTypeTagUnverified: DiagnosticID = "record_type_tag_unverified"
    /// A field key the record type does not declare.
    package static let recordUnknownField: DiagnosticID = "record_unknown_field"
    /// A dictionary key CloudKit does not define.
    package static let recordUnknownKey: DiagnosticID = "record_unknown_key"
    /// A record type the schema does not declare.
    package static let recordUnknownType: DiagnosticID = "record_unknown_type"
    /// A value of the wrong JSON kind for its field type.
    package static let recordValueTypeMismatch: DiagnosticID = "record_value_type_mismatch"
    /// A zone name CloudKit refuses.
    package static let recordZoneNameInvalid: DiagnosticID = "record_zone_name_invalid"
}
