import CKSchemaCore

/// The Swift text for one field: its type, how `init(record:)` reads it and how `write(to:)` writes it.
///
/// Reading and writing go through the non-generic helpers of the generated `RecordReader` and `RecordWriter`,
/// so each line type-checks on its own without overload resolution over CloudKit's subscripts.
struct FieldCode {
    let plan: FieldPlan
    /// The support namespace (`CloudKitSchema`).
    let namespace: String

    /// The Swift type of one element: `String`, `Mood`, `Category.ID`.
    var elementType: String {
        switch plan.kind {
        case .string: "String"
        case .int64: "Int64"
        case .double: "Double"
        case .bool: "Bool"
        case .timestamp: "Date"
        case .bytes: "Data"
        case .asset: "URL"
        case .location: "\(namespace).Location"
        case .enumeration(let typeName): SwiftIdentifiers.escaped(typeName)
        case .reference(let target?): SwiftIdentifiers.escaped(target) + ".ID"
        case .reference(nil): "\(namespace).RecordID<\(namespace).AnyRecord>"
        }
    }

    /// The Swift type of the property: a list and/or optional of the element type.
    var propertyType: String {
        let value = plan.isList ? "[\(elementType)]" : elementType
        return plan.isOptional ? value + "?" : value
    }

    /// The property name as written in source.
    var propertyName: String {
        SwiftIdentifiers.escaped(plan.propertyName)
    }

    /// The field's CloudKit name as a string literal.
    var key: String {
        SwiftLiteral.string(plan.field.name)
    }

    /// The CloudKit name of the field, for `FieldChanges`.
    var changeKey: String {
        SwiftLiteral.string(plan.field.name)
    }

    /// The stored property that holds the value: the property itself, or a deprecated field's private storage.
    var storageName: String {
        if case .deprecated(let backingName, _) = plan.storage { return SwiftIdentifiers.escaped(backingName) }
        return propertyName
    }

    /// The call that reads the field's value from `source` (`reader` or `reader.encrypted`).
    func readCall(source: String) -> String {
        "\(source).\(helperName(reading: true))(\(key))"
    }

    /// The statement of `init(record:)` that reads the field into its storage; a field that replaced another
    /// reads the retired one when the record lacks it (`?? reader.migrated(…)`).
    var readStatement: String {
        var call = readCall(source: plan.isEncrypted ? "reader.encrypted" : "reader")
        if let migration = plan.migration {
            call += " ?? " + MigrationCode(field: plan, migration: migration, namespace: namespace).fallback
        }
        let target = "self.\(storageName)"
        if let defaultExpression = plan.defaultExpression {
            return "\(target) = try \(call) ?? \(defaultExpression)"
        }
        if plan.isRequired, plan.migration != nil {
            // `migrated` mutates the reader: outside `required`'s call on it, so that the accesses do not overlap.
            let value = SwiftIdentifiers.escaped(plan.propertyName + "Value")
            return "let \(value) = try \(call)\n\(target) = try reader.required(\(value), \(key))"
        }
        if plan.isRequired {
            return "\(target) = try reader.required(\(call), \(key))"
        }
        return "\(target) = try \(call)"
    }

    /// The statement of `write(to:)` that stores the property in the record, or `nil` for a field saving never
    /// writes (deprecated, or maintained by CloudKit).
    var writeStatement: String? {
        guard plan.storage == .tracked else { return nil }
        if let migration = plan.migration,
           let dualWrite = MigrationCode(field: plan, migration: migration, namespace: namespace).dualWriteStatement {
            var single = plan
            single.migration = nil
            return FieldCode(plan: single, namespace: namespace).writeStatement.map { $0 + "\n" + dualWrite }
        }
        var arguments = "\(key), self.\(propertyName)"
        if case .reference = plan.kind { arguments += ", action: .\(referenceAction)" }
        let target = plan.isEncrypted ? "writer.encrypted" : "writer"
        return "\(target).\(helperName(reading: false))(\(arguments))"
    }

    /// The body of the property's `didSet`: marks the field changed, for assets only when the file changed (so
    /// that setting the same file uploads nothing).
    var changeObserver: String {
        let mark = "cloudKitChanges.mark(\(changeKey))"
        if plan.kind == .asset { return "if \(propertyName) != oldValue { \(mark) }" }
        return mark
    }

    /// The `CKRecord.ReferenceAction` references are written with. Web Services' `VALIDATE` has no native
    /// counterpart, so it is written as `.none` (the server still applies what the schema says).
    var referenceAction: String {
        plan.field.metadata.referenceAction == .deleteSelf ? "deleteSelf" : "none"
    }

    /// The helper method for the field's kind: `string`/`setBool`/`referenceList`, …
    private func helperName(reading: Bool) -> String {
        let base: String
        switch plan.kind {
        case .string: base = reading ? "string" : ""
        case .int64: base = reading ? "int64" : ""
        case .double: base = reading ? "double" : ""
        case .timestamp: base = reading ? "date" : ""
        case .bytes: base = reading ? "bytes" : ""
        case .bool: base = "bool"
        case .asset: base = "asset"
        case .location: base = "location"
        case .enumeration: base = "enumeration"
        case .reference: base = "reference"
        }
        let listSuffix = plan.isList ? "List" : ""
        if reading { return base + listSuffix }
        // Values CloudKit takes as they are share one setter; lists of them are values too.
        if base.isEmpty { return "set" }
        return "set" + SwiftIdentifiers.uppercasingFirst(base) + listSuffix
    }
}
