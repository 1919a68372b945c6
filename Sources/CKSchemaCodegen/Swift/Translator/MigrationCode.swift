import CKSchemaCore

/// The Swift text of one field migration: the fallback `init(record:)` reads when a record lacks the new field
/// (the retired field, converted), and the `dualWrite` statement that writes the retired field back.
///
/// Each conversion step is a call of one non-overloaded function of `CloudKitSchema.Migration` through
/// `Optional.flatMap` (`reader.int64("stars").flatMap(CloudKitSchema.Migration.integerToDouble)`), so that a
/// line type-checks without overload resolution; see the performance section of docs/generators.md.
struct MigrationCode {
    let field: FieldPlan
    let migration: MigrationPlan
    /// The support namespace (`CloudKitSchema`).
    let namespace: String

    private var oldKey: String { SwiftLiteral.string(migration.oldField.name) }
    private var newKey: String { SwiftLiteral.string(field.field.name) }
    private var helpers: String { "\(namespace).Migration" }
    private var oldSource: String { migration.oldField.type.isEncrypted ? "reader.encrypted" : "reader" }

    /// The expression that reads the retired field as a value of the new one, recording that the record needs
    /// the new field written: `reader.migrated("rating", reader.int64("stars").flatMap(…))`.
    var fallback: String {
        "reader.migrated(\(newKey), \(convertedOldValue))"
    }

    private var convertedOldValue: String {
        let conversion = migration.conversion
        if conversion == .identity {
            // A rename: the new field's reader reads the old key (same CloudKit type, same Swift kind).
            return FieldCode(plan: oldPlan, namespace: namespace).readCall(source: oldSource)
        }
        if case .referenceToString = conversion.element {
            return "\(oldSource).recordName\(migration.oldField.type.isList ? "List" : "")(\(oldKey))" + listWrap
        }
        let read = "\(oldSource).\(Self.rawReader(migration.oldField.type.primitive))"
            + "\(migration.oldField.type.isList ? "List" : "")(\(oldKey))"
        return read + steps(for: conversion.element, list: migration.oldField.type.isList) + listWrap
    }

    /// For a rename: the new field's plan on the retired field, whose values the new field's helpers read and write.
    private var oldPlan: FieldPlan {
        var old = field
        old.field = migration.oldField
        old.migration = nil
        return old
    }

    /// `.flatMap(CloudKitSchema.Migration.list)` when a scalar becomes a one-element list.
    private var listWrap: String {
        if case .scalarToList = migration.conversion { return ".flatMap(\(helpers).list)" }
        return ""
    }

    /// The statement of `write(to:)` that writes the retired field alongside the new one, or `nil` without
    /// `dualWrite`. It writes exactly when the new field is written (a removal removes both).
    var dualWriteStatement: String? {
        guard migration.declaration.dualWrite else { return nil }
        let code = FieldCode(plan: field, namespace: namespace)
        let writer = (migration.oldField.type.isEncrypted ? "writer.encrypted" : "writer")
            + ".alongside(\(newKey), hasValue: \(field.isOptional ? "self.\(code.propertyName) != nil" : "true"), writing: \(oldKey))"
        let inverse = migration.conversion.inverse
        if inverse == .identity {
            guard let statement = FieldCode(plan: oldPlan, namespace: namespace).writeStatement else { return nil }
            // `writer.setBool("isFavorite", self.starred)` → through the writer that follows the new field.
            return writer + statement.dropFirst(statement.hasPrefix("writer.encrypted") ? 16 : 6)
        }
        let value = field.isOptional ? "self.\(code.propertyName)" : "(self.\(code.propertyName) as \(code.propertyType)?)"
        var expression = value
        if case .firstElement = inverse { expression += ".flatMap(\(helpers).first)" }
        if case .stringToReference = inverse.element {
            return "\(writer).setReference(\(oldKey), \(expression).flatMap(writer.recordID(named:)), action: .none)"
        }
        expression += steps(for: inverse.element, list: migration.oldField.type.isList)
        return "\(writer).set(\(oldKey), \(expression))"
    }

    /// The conversion steps of one element conversion, applied to each element of a list.
    private func steps(for conversion: FieldConversion, list: Bool) -> String {
        switch conversion {
        case .identity: return ""
        case .stringToReference: return ".flatMap(reader.recordID(named:))"
        case .referenceToString: return ".flatMap(\(helpers).recordName)"
        default:
            let function = "\(helpers).\(conversion.helperName)"
            return list ? ".flatMap(\(helpers).each(\(function)))" : ".flatMap(\(function))"
        }
    }

    /// The reader of a retired field's raw values by CloudKit type (its logical type does not matter: the
    /// conversion reads what is stored).
    private static func rawReader(_ primitive: PrimitiveType) -> String {
        switch primitive {
        case .int64, .number(preferredAs: .int64): "int64"
        case .double, .number: "double"
        case .timestamp: "date"
        case .reference: "recordName"
        default: "string"
        }
    }
}

extension FieldConversion {
    /// The element conversion: the conversion itself, or the one inside a list wrapping or unwrapping.
    var element: FieldConversion {
        switch self {
        case .scalarToList(let inner), .firstElement(let inner): inner
        default: self
        }
    }

    /// The name of the function of `CloudKitSchema.Migration` that converts one value.
    var helperName: String {
        switch self {
        case .identity: "identity"
        case .integerToDouble: "integerToDouble"
        case .doubleToInteger: "doubleToInteger"
        case .stringToInteger: "stringToInteger"
        case .stringToDouble: "stringToDouble"
        case .integerToString: "integerToString"
        case .doubleToString: "doubleToString"
        case .timestampToDouble: "timestampToDouble"
        case .doubleToTimestamp: "doubleToTimestamp"
        case .referenceToString: "recordName"
        case .stringToReference: "recordID"
        case .scalarToList: "list"
        case .firstElement: "first"
        }
    }
}

extension MigrationCode {
    /// The doc comment lines of a field that replaced another.
    static func documentation(of migration: MigrationPlan) -> [String] {
        let old = "`\(migration.oldField.name)`"
        let converted = migration.conversion == .identity ? "" : " (`\(migration.oldField.type)`, converted)"
        var lines = ["Replaces \(old): a record without this field reads \(old)\(converted) and counts this field as",
                     "set, so that saving the model migrates the record."]
        if migration.declaration.dualWrite {
            lines.append("Saving also writes \(old)\(migration.conversion == .identity ? "" : " converted back"), for app versions that still read it.")
        }
        return lines
    }
}
