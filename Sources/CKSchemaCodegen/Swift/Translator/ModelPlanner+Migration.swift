import CKSchemaCore

/// Planning fields that declare where their value used to live (`renamedFrom`, `replaces`): the retired field
/// loses its property (the new field's property reads it as a fallback). The declarations are judged by
/// `MigrationCheck`, as lint judges them (for a schema that skipped linting); what only the generated Swift
/// cannot do (a converted value into a `bool` or `enum` property) is `codegen_unsupported_migration`.
extension ModelPlanner {
    /// Sets `migration` on each field that declares one and retires the fields they replace; with any problem in
    /// the record type's declarations, reports them and plans none.
    func planMigrations(of recordType: RecordType, fields: inout [FieldPlan], findings: inout [Diagnostic]) {
        guard recordType.fields.contains(where: { $0.metadata.migration != nil }) else { return }
        let problems = MigrationCheck.problems(in: Schema(recordTypes: [recordType]))
        guard problems.isEmpty else {
            findings += problems.map { $0.diagnostic(in: diagnostics.sourceMap) }
            return
        }
        var retiredBy: [String: String] = [:]
        for index in fields.indices {
            guard let declaration = fields[index].field.metadata.migration,
                  let old = fields.first(where: { $0.field.name == declaration.oldField }),
                  let conversion = FieldConversion.converting(from: old.field.type, to: fields[index].field.type)
            else { continue }
            if let reason = Self.swiftProblem(conversion, new: fields[index], old: old) {
                findings.append(diagnostics.error(
                    .codegenUnsupportedMigration,
                    "field '\(fields[index].field.name)' of record type '\(recordType.name)' cannot take over from "
                        + "'\(old.field.name)' in Swift: \(reason)",
                    at: .fieldKey(recordType.name, fields[index].field.name, declaration.kind.rawValue)))
                continue
            }
            retiredBy[old.field.name] = fields[index].field.name
            fields[index].migration = MigrationPlan(declaration: declaration, oldField: old.field, oldKind: old.kind,
                                                   conversion: conversion)
        }
        for index in fields.indices {
            if let replacement = retiredBy[fields[index].field.name] {
                fields[index].storage = .retired(replacement: replacement)
            }
        }
    }

    /// Why the generated Swift cannot read `old` into `new`'s property, or `nil` when it can.
    static func swiftProblem(_ conversion: FieldConversion, new: FieldPlan, old: FieldPlan) -> String? {
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
