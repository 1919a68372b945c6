import CKSchemaCore

/// `record_migration_mismatch`: a record holding both a retired field and the field that replaced it
/// (`renamedFrom` / `replaces`) holds the same value in both, after conversion. Older app versions read the
/// old field and newer ones the new field, so values that differ show differently depending on the version.
extension RecordChecker {
    @inline(never)
    mutating func checkMigrations(of type: Int) {
        // Plain values from the hot type; names are looked up only for a finding.
        let infos = hotTypes[type].infos
        for migration in schema.types[type].migrations {
            guard let old = migrationValues.last(where: { $0.field == migration.oldField }),
                  let new = migrationValues.last(where: { $0.field == migration.newField }),
                  let oldValue = value(old, infos[migration.oldField]),
                  let newValue = value(new, infos[migration.newField]) else { continue }
            let agreement = MigrationAgreement.compare(old: oldValue, new: newValue, conversion: migration.conversion)
            if agreement != .agree && agreement != .notComparable {
                reportMismatch(migration, agreement, old: oldValue, new: newValue, at: new.start, in: type)
            }
        }
    }

    private mutating func reportMismatch(_ migration: CompiledMigration, _ agreement: MigrationAgreement,
                                         old: MigrationValue, new: MigrationValue, at offset: Int, in type: Int) {
        let recordType = schema.types[type]
        let oldName = recordType.fields[migration.oldField].name, newName = recordType.fields[migration.newField].name
        let both = "field '\(newName)' (\(migration.declaration)) holds \(new) and the retired field '\(oldName)' "
            + "holds \(old)"
        let message = if case .unparsable(let text) = agreement {
            "\(both); \"\(text)\" does not read as a number, so the two cannot agree"
        } else {
            "\(both), which converts to another value; app versions that read '\(oldName)' see a different value "
                + "than those that read '\(newName)'"
        }
        report(.recordMigrationMismatch, message, at: offset, .namedField(newName),
               subject: .field(recordType.name, newName))
    }

    private func value(_ captured: (field: Int, start: Int, end: Int), _ info: FieldInfo) -> MigrationValue? {
        MigrationValue.read(json.base, from: captured.start, to: captured.end, kind: info.kind, isList: info.isList)
    }
}
