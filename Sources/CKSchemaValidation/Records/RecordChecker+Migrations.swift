import CKSchemaCore

/// `record_migration_mismatch`: a record holding both a retired field and the field that replaced it
/// (`renamedFrom` / `replaces`) holds the same value in both, after conversion. Older app versions read the
/// old field and newer ones the new field, so values that differ show differently depending on the version.
extension RecordChecker {
    @inline(never)
    mutating func checkMigrations(of type: Int) {
        let recordType = schema.types[type]
        for migration in recordType.migrations {
            guard let old = migrationValues.last(where: { $0.field == migration.oldField }),
                  let new = migrationValues.last(where: { $0.field == migration.newField }) else { continue }
            let oldField = recordType.fields[migration.oldField], newField = recordType.fields[migration.newField]
            guard let oldValue = value(old, of: oldField), let newValue = value(new, of: newField) else { continue }
            let both = "field '\(newField.name)' (\(migration.declaration)) holds \(newValue) and the retired "
                + "field '\(oldField.name)' holds \(oldValue)"
            let message: String
            switch MigrationAgreement.compare(old: oldValue, new: newValue, conversion: migration.conversion) {
            case .agree, .notComparable:
                continue
            case .disagree:
                message = "\(both), which converts to another value; app versions that read '\(oldField.name)' "
                    + "see a different value than those that read '\(newField.name)'"
            case .unparsable(let text):
                message = "\(both); \"\(text)\" does not read as a number, so the two cannot agree"
            }
            report(.recordMigrationMismatch, message, at: new.start, .namedField(newField.name),
                   subject: .field(recordType.name, newField.name))
        }
    }

    private func value(_ captured: (field: Int, start: Int, end: Int), of field: CompiledField) -> MigrationValue? {
        MigrationValue.read(json.base, from: captured.start, to: captured.end, kind: field.kind,
                            isList: field.type.isList)
    }
}
