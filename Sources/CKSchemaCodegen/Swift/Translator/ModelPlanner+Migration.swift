import CKSchemaCore

/// Planning fields that declare where their value used to live (`renamedFrom`, `replaces`): the retired field
/// loses its property (the new field's property reads it as a fallback), and the conversion between the two is
/// checked against what the generated code can do. Errors are located at the declaring key.
extension ModelPlanner {
    /// Sets `migration` on each field that declares one and retires the fields they replace.
    func planMigrations(of recordType: RecordType, fields: inout [FieldPlan], findings: inout [Diagnostic]) {
        var retiredBy: [String: String] = [:]
        for index in fields.indices {
            guard let declaration = fields[index].field.metadata.migration else { continue }
            let field = fields[index]
            let path = SchemaPath.fieldKey(recordType.name, field.field.name, declaration.kind.rawValue)
            func fail(_ reason: String) {
                findings.append(diagnostics.error(
                    .codegenUnsupportedMigration,
                    "field '\(field.field.name)' of record type '\(recordType.name)' cannot replace '\(declaration.oldField)': \(reason)",
                    at: path))
            }
            guard let old = fields.first(where: { $0.field.name == declaration.oldField }),
                  old.field.name != field.field.name else {
                fail("the record type has no other field of that name")
                continue
            }
            if let other = retiredBy[old.field.name] {
                fail("field '\(other)' already replaces it")
                continue
            }
            if old.field.metadata.migration != nil {
                fail("it replaces another field itself; declare the migration from the oldest field on the newest")
                continue
            }
            if let reason = Self.migrationProblem(declaration, new: field, old: old) {
                fail(reason)
                continue
            }
            guard let conversion = FieldConversion.converting(from: old.field.type, to: field.field.type) else { continue }
            retiredBy[old.field.name] = field.field.name
            fields[index].migration = MigrationPlan(declaration: declaration, oldField: old.field, oldKind: old.kind,
                                                   conversion: conversion)
        }
        for index in fields.indices {
            if let replacement = retiredBy[fields[index].field.name] {
                fields[index].storage = .retired(replacement: replacement)
            }
        }
    }

    /// Why the generated code cannot carry out `declaration` from `old` to `new`, or `nil` when it can.
    static func migrationProblem(_ declaration: FieldMigration, new: FieldPlan, old: FieldPlan) -> String? {
        let stated = declaration.oldType.map { "'\($0)'" } ?? "'\(old.field.type)'"
        let plain = { (type: FieldType) in FieldType(type.primitive, isList: type.isList) }
        if let oldType = declaration.oldType, plain(oldType) != plain(old.field.type) {
            return "the declaration says it is \(stated), but it is declared '\(old.field.type)'"
        }
        guard let conversion = FieldConversion.converting(from: old.field.type, to: new.field.type) else {
            return "CloudKit values of type '\(old.field.type)' do not convert to '\(new.field.type)'"
        }
        if declaration.kind == .rename, conversion != .identity {
            return "a rename keeps the type, but '\(old.field.type)' is not '\(new.field.type)'; use 'replaces'"
        }
        if !declaration.lossy, conversion.canLoseInformation {
            return "converting '\(old.field.type)' to '\(new.field.type)' can lose information; say 'lossy: true' to accept it"
        }
        if !declaration.lossy, declaration.dualWrite, conversion.inverse.canLoseInformation {
            return "writing '\(new.field.type)' back as '\(old.field.type)' (dualWrite) can lose information; say 'lossy: true' to accept it"
        }
        if conversion == .identity {
            // The old values are read with the new field's reader: the Swift kinds must agree (an enum stays an enum).
            return old.kind.family == new.kind.family ? nil
                : "its values are '\(old.kind.family)' in Swift and this field's are '\(new.kind.family)'"
        }
        guard new.kind.family == new.kind.plainFamily else {
            return "converted values cannot become '\(new.kind.family)' values; declare the field without a logical type"
        }
        // Record names become references in the record's zone one value at a time, not inside lists.
        if old.field.type.isList, old.field.type.primitive == .reference || new.field.type.primitive == .reference {
            return "lists of references convert only to lists of references"
        }
        return nil
    }
}

extension ValueKind {
    /// The kind without its specifics (an enum's type, a reference's target), for comparing two fields.
    var family: String {
        switch self {
        case .string: "string"
        case .int64: "int64"
        case .double: "double"
        case .bool: "bool"
        case .timestamp: "timestamp"
        case .bytes: "bytes"
        case .asset: "asset"
        case .location: "location"
        case .enumeration: "enum"
        case .reference: "reference"
        }
    }

    /// The family a field of this CloudKit type has without a logical type (`bool` is an INT64, `enum` a STRING).
    var plainFamily: String {
        switch self {
        case .bool: "int64"
        case .enumeration: "string"
        default: family
        }
    }
}
