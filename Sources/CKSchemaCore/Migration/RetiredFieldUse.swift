/// A retired field (one a migration took over from) put to a new use: CloudKit keeps it for ever, the app only
/// reads it as a fallback (and writes it under `dualWrite`), so nothing may start depending on it.
struct RetiredFieldUse {
    let type: RecordType
    let field: Field
    /// The field that took over from it.
    let replacement: String

    private var place: String {
        "retired field '\(field.name)' of record type '\(type.name)' (replaced by '\(replacement)')"
    }

    /// Being required, having a default, being the merge clock, or having a merge policy of its own.
    func problems() -> [MigrationProblem] {
        var problems: [MigrationProblem] = []
        let fieldPath = SchemaPath.field(type.name, field.name)
        if field.metadata.isRequired {
            problems.append(MigrationProblem(
                .retiredFieldUnused,
                "\(place) is required; new records hold '\(replacement)' instead, so it cannot be",
                at: [.fieldKey(type.name, field.name, "required"), fieldPath]))
        }
        if field.metadata.defaultValue != nil {
            problems.append(MigrationProblem(
                .retiredFieldUnused,
                "\(place) has a default; a missing value falls back to the old field, not to a default: put the "
                    + "default on '\(replacement)'",
                at: [.fieldKey(type.name, field.name, "default"), fieldPath]))
        }
        if type.metadata.mergeClock == field.name {
            problems.append(MigrationProblem(
                .retiredFieldUnused,
                "\(place) is the record type's 'mergeClock'; new saves may not write it, so it cannot order them",
                at: [.recordTypeKey(type.name, "mergeClock"), .recordType(type.name)]))
        }
        if field.metadata.mergePolicy != nil {
            problems.append(MigrationProblem(
                .retiredFieldUnused,
                "\(place) has a merge policy of its own; the pair merges as one field, by the policy of "
                    + "'\(replacement)'",
                at: [.fieldKey(type.name, field.name, "merge"), fieldPath]))
        }
        return problems
    }

    /// The field's indexes that production lacks: a retired field is only read as a fallback, never queried.
    func newIndexes(productionHas kept: FieldIndexes, knowsProduction: Bool) -> [MigrationProblem] {
        let unknown = knowsProduction ? "" : " (there is no production snapshot, so production is taken as empty)"
        return field.indexes.options.filter { !kept.contains($0) }.map { option in
            MigrationProblem(
                .retiredFieldNotNewlyIndexed,
                "\(place) gets a \(option.yamlName) index production does not have\(unknown); a retired field is "
                    + "not queried: remove the index, or index '\(replacement)'",
                at: [.fieldIndex(type.name, field.name, option), .field(type.name, field.name)])
        }
    }
}
