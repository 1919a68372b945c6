extension RecordType {
    /// The field that took over from `name` (its `renamedFrom` / `replaces` names it), when `name` is retired;
    /// the first, as `replacementsOfRetiredFields` says (lint refuses a field retired twice).
    package func field(replacing name: String) -> Field? {
        replacementsOfRetiredFields[name].flatMap(field(named:))
    }
}

extension Field {
    /// How the declaration is written, for messages: `renamedFrom: isFavorite`, `replaces: stars INT64`.
    package var migrationDeclaration: String? {
        guard let migration = metadata.migration else { return nil }
        let type = migration.oldType.map { " \($0)" } ?? ""
        return "\(migration.kind.rawValue): \(migration.oldField)\(type)"
    }
}
