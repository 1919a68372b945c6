import CKSchemaCore

/// Checks over the whole record, once it has been read: required fields, size, DELETE_SELF references,
/// reference zones and migrated fields.
extension RecordChecker {
    /// CloudKit's limit on a record's non-asset data: 1 MB, read as 1,048,576 bytes.
    static let recordSizeLimit = 1_048_576
    /// CloudKit's limit on DELETE_SELF references held by one record.
    static let deleteSelfLimit = 750

    /// Runs the record-wide checks once the record has been read without a syntax error.
    mutating func checkRecordLimits() {
        let recordStart = firstNonWhitespace()
        currentFieldIndex = -1
        fieldKey = nil
        listIndex = -1
        if let typeIndex, !isDeleted {
            let recordType = hotTypes[typeIndex]
            for index in 0..<recordType.requiredCount {
                let field = recordType.requiredFields[index]
                if seenFields[seenFieldWords + field >> 6] & (1 << UInt64(field & 63)) == 0 {
                    reportMissingField(field, of: typeIndex, at: recordStart)
                }
            }
        }
        if dataBytes > Self.recordSizeLimit {
            report(.recordTooLarge,
                   "record holds about \(dataBytes) bytes of non-asset data; CloudKit's limit is 1 MB (\(Self.recordSizeLimit) bytes)",
                   at: recordStart, .record)
        }
        if deleteSelfReferences > Self.deleteSelfLimit {
            report(.recordTooManyDeleteSelfReferences,
                   "record holds \(deleteSelfReferences) DELETE_SELF references; CloudKit allows at most \(Self.deleteSelfLimit)",
                   at: recordStart, .record)
        }
        if !referenceZones.isEmpty { checkReferenceZones() }
        if migrationValues.count > 1, let typeIndex, !isDeleted { checkMigrations(of: typeIndex) }
    }

    @inline(never)
    private mutating func reportMissingField(_ field: Int, of type: Int, at offset: Int) {
        let recordType = schema.types[type]
        let name = recordType.fields[field].name
        report(.recordRequiredFieldMissing, "required field '\(name)' has no value", at: offset, .namedField(name),
               subject: .field(recordType.name, name))
    }

    /// Rule 32 (REFERENCE): "both records must be in the same zone of the same database".
    @inline(never)
    private mutating func checkReferenceZones() {
        let recordZone = zoneName.map(decodedBytes) ?? NameRules.defaultZoneName
        for (offset, zone, pointer) in referenceZones where decodedBytes(zone) != recordZone {
            report(.recordReferenceCrossZone,
                   "reference into zone '\(decodedString(zone))' from a record in zone '\(String(decoding: recordZone, as: UTF8.self))'; CloudKit references cannot cross zones",
                   at: offset, .pointer(pointer))
        }
    }

    private func firstNonWhitespace() -> Int {
        var offset = unit.start
        while offset < unit.end, Byte.isWhitespace(json.base[offset]) { offset += 1 }
        return offset
    }
}
