/// One migrated field's declaration, judged against the record type it is in: the problems `MigrationCheck`
/// reports about the declaration itself, each with its message and where it was written.
struct MigrationDeclaration {
    let type: RecordType
    let field: Field
    let migration: FieldMigration

    /// The declaration's key (`renamedFrom` or `replaces`), then the field.
    static func keyPath(type: RecordType, field: Field, migration: FieldMigration) -> [SchemaPath] {
        [.fieldKey(type.name, field.name, migration.kind.rawValue), .field(type.name, field.name)]
    }

    private var keyPaths: [SchemaPath] { Self.keyPath(type: type, field: field, migration: migration) }
    private var place: String { "field '\(field.name)' of record type '\(type.name)'" }
    private var key: String { migration.kind.rawValue }

    /// The old field, when the record type declares it (and it is not the field itself).
    func oldField() -> Field? {
        migration.oldField == field.name ? nil : type.field(named: migration.oldField)
    }

    func missingSource() -> MigrationProblem {
        let paths = migration.kind == .retype
            ? [.fieldKey(type.name, field.name, "replaces.field")] + keyPaths : keyPaths
        guard migration.oldField != field.name else {
            return MigrationProblem(.sourceDeclared, "'\(key)' of \(place) names the field itself", at: paths)
        }
        let others = type.fields.map(\.name).filter { $0 != field.name }
        return MigrationProblem(
            .sourceDeclared,
            "'\(key)' of \(place) names '\(migration.oldField)', which the record type does not declare; the old "
                + "field stays declared, as CloudKit keeps it for ever"
                + Spelling.didYouMean(Spelling.closest(migration.oldField, among: others)),
            at: paths)
    }

    /// `renamedFrom` between different types, `replaces` within one.
    func kindProblem(old: Field) -> MigrationProblem? {
        let same = Self.sameValues(old.type, field.type)
        switch migration.kind {
        case .rename where !same:
            let advice = FieldConversion.converting(from: old.type, to: field.type) == nil
                ? "and no conversion turns \(Self.name(of: old)) values into \(Self.name(of: field))"
                : "for a type change write 'replaces: { field: \(old.name), type: \(Self.name(of: old)) }'"
            return MigrationProblem(
                .kindFitsTypes,
                "'renamedFrom' of \(place) needs the same type, but '\(old.name)' is \(Self.name(of: old)) and "
                    + "'\(field.name)' is \(Self.name(of: field)); \(advice)",
                at: keyPaths)
        case .retype where same:
            return MigrationProblem(
                .kindFitsTypes,
                "'replaces' of \(place) names '\(old.name)', which has the same type (\(Self.name(of: old))); "
                    + "write 'renamedFrom: \(old.name)'",
                at: keyPaths)
        default:
            return nil
        }
    }

    /// `replaces.type` stating another type than the old field's declaration.
    func replacedTypeProblem(old: Field) -> MigrationProblem? {
        guard let stated = migration.oldType, !Self.sameValues(stated, old.type) else { return nil }
        return MigrationProblem(
            .replacedTypeMatches,
            "'replaces' of \(place) says '\(old.name)' is \(stated.yamlName()), but it is declared "
                + "\(Self.name(of: old))",
            at: [.fieldKey(type.name, field.name, "replaces.type")] + keyPaths)
    }

    func noConversion(old: Field) -> MigrationProblem {
        MigrationProblem(
            .conversionExists,
            "'replaces' of \(place): no conversion turns \(Self.name(of: old)) ('\(old.name)') into "
                + "\(Self.name(of: field)) ('\(field.name)'); CloudKit values convert only integer ↔ double, string "
                + "↔ integer or double, timestamp ↔ double, string ↔ reference, and a value into a one-element list",
            at: keyPaths)
    }

    /// A conversion (or, under `dualWrite`, its way back) that can lose information, without `lossy: true`.
    func lossProblem(old: Field, conversion: FieldConversion) -> MigrationProblem? {
        guard !migration.lossy else { return nil }
        let paths = [.fieldKey(type.name, field.name, "lossy")] + keyPaths
        if let loss = conversion.loss {
            return MigrationProblem(
                .lossDeclared,
                "\(place) converts '\(old.name)' (\(Self.name(of: old))) into \(Self.name(of: field)), which can "
                    + "lose information (\(loss)); add 'lossy: true' to accept it",
                at: paths)
        }
        if migration.dualWrite, let loss = conversion.inverse.loss {
            return MigrationProblem(
                .lossDeclared,
                "\(place) writes its value back into '\(old.name)' (dualWrite), which can lose information "
                    + "(\(loss)); add 'lossy: true' to accept it",
                at: [.fieldKey(type.name, field.name, "dualWrite")] + paths)
        }
        return nil
    }

    /// Whether two types hold the same values: encryption does not change a value.
    static func sameValues(_ left: FieldType, _ right: FieldType) -> Bool {
        left.primitive == right.primitive && left.isList == right.isList
    }

    /// A field's type as the YAML format writes it (`bool`, `list<string>`).
    static func name(of field: Field) -> String {
        field.type.yamlName(asBool: field.metadata.logicalType == .bool)
    }
}

extension FieldConversion {
    /// What the conversion can lose, in words; `nil` when it loses nothing.
    var loss: String? {
        switch self {
        case .integerToDouble: "integers beyond ±2^53 are rounded"
        case .doubleToInteger: "fractions are dropped and values beyond INT64's range do not fit"
        case .firstElement: "list elements after the first are dropped"
        case .scalarToList(let element): element.loss
        case .identity, .stringToInteger, .stringToDouble, .integerToString, .doubleToString,
             .timestampToDouble, .doubleToTimestamp, .referenceToString, .stringToReference: nil
        }
    }
}
