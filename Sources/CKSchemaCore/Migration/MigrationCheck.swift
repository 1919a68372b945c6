/// The one judgement of a schema's migration declarations, shared by lint (a rule per `MigrationProblem.Kind`)
/// and the Swift generator (which must not generate a fallback it cannot convert). Pure: it reads the schema and,
/// for the index check only, production, and returns problems to locate.
///
/// Decisions the format leaves open:
/// - A chain (`c` renamed from `b`, `b` renamed from `a`) is refused: generated code falls back one step only,
///   so records still holding only `a` would read as empty. Finish the first migration (every record holds
///   `b`), remove `b`'s declaration, then declare `c`'s.
/// - A conversion whose way back loses information (`scalar → list` written back as its first element) needs
///   `lossy: true` when the field asks for `dualWrite`, since older app versions then read the lossy value.
package enum MigrationCheck {
    /// The problems of every migration in `schema`. `production` is asked (at most once, and only when a retired
    /// field has an index) for the index check; pass `nil` to skip that check. A `nil` schema from it means no
    /// snapshot, which the environment model reads as an empty production: every such index is new.
    package static func problems(in schema: Schema, production: (() -> Schema?)? = nil) -> [MigrationProblem] {
        var problems: [MigrationProblem] = []
        var asked: Schema??
        // Production, read on first need: a lint run without an indexed retired field never parses the snapshot.
        func productionSchema(_ read: () -> Schema?) -> Schema? {
            if let asked { return asked }
            let schema = read()
            asked = .some(schema)
            return schema
        }
        for type in schema.recordTypes {
            let migrated = type.fields.filter { $0.metadata.migration != nil }
            guard !migrated.isEmpty else { continue }
            problems += declarationProblems(of: migrated, in: type)
            problems += sharingProblems(of: migrated, in: type)
            for (name, newName) in type.replacementsOfRetiredFields.sorted(by: { $0.key < $1.key }) {
                guard let field = type.field(named: name) else { continue }
                let use = RetiredFieldUse(type: type, field: field, replacement: newName)
                problems += use.problems()
                guard let production, !field.indexes.isEmpty else { continue }
                let known = productionSchema(production)
                let kept = known?.recordType(named: type.name)?.field(named: name)?.indexes ?? []
                problems += use.newIndexes(productionHas: kept, knowsProduction: known != nil)
            }
        }
        return problems
    }

    /// Each migrated field's own declaration: the old field exists, the kind fits the types, `replaces.type`
    /// agrees, a conversion exists and its loss is accepted.
    private static func declarationProblems(of migrated: [Field], in type: RecordType) -> [MigrationProblem] {
        migrated.flatMap { field -> [MigrationProblem] in
            guard let migration = field.metadata.migration else { return [] }
            let declaration = MigrationDeclaration(type: type, field: field, migration: migration)
            guard let old = declaration.oldField() else { return [declaration.missingSource()] }
            if let problem = declaration.kindProblem(old: old) { return [problem] }
            var problems = declaration.replacedTypeProblem(old: old).map { [$0] } ?? []
            guard migration.kind == .retype else { return problems }
            guard let conversion = FieldConversion.converting(from: old.type, to: field.type) else {
                return problems + [declaration.noConversion(old: old)]
            }
            if let loss = declaration.lossProblem(old: old, conversion: conversion) { problems.append(loss) }
            return problems
        }
    }

    /// Old fields two new fields take over from, and fields both migrated to and retired.
    private static func sharingProblems(of migrated: [Field], in type: RecordType) -> [MigrationProblem] {
        var problems: [MigrationProblem] = []
        var firstTaker: [String: Field] = [:]
        let migratedNames = Set(migrated.map(\.name))
        for field in migrated {
            guard let migration = field.metadata.migration, migration.oldField != field.name else { continue }
            let key = MigrationDeclaration.keyPath(type: type, field: field, migration: migration)
            if let first = firstTaker[migration.oldField] {
                problems.append(MigrationProblem(
                    .sourceUnique,
                    "fields '\(first.name)' and '\(field.name)' of record type '\(type.name)' both take over from "
                        + "'\(migration.oldField)'; generated code could not tell which one its value belongs to",
                    at: key))
            } else {
                firstTaker[migration.oldField] = field
            }
            if migratedNames.contains(migration.oldField), type.field(named: migration.oldField) != nil {
                problems.append(MigrationProblem(
                    .notChained,
                    "field '\(field.name)' of record type '\(type.name)' takes over from '\(migration.oldField)', "
                        + "which itself takes over from another field; finish that migration first (every record "
                        + "holds '\(migration.oldField)'), remove its declaration, then declare this one",
                    at: key))
            }
        }
        return problems
    }
}
