import CKSchemaCore

/// Translates one record type into its model: the value type with its record type constant, `ID`, field-key
/// enum, enums and memberwise initializer, and the CloudKit extension that reads and writes records.
struct ModelTranslator {
    let plan: ModelPlan
    let namespace: String
    /// The access level written on public API (`nil` for internal).
    let access: SwiftAccess?

    private var typeName: String { SwiftIdentifiers.escaped(plan.typeName) }
    /// The fields that have a property: every field but those another field replaced.
    private var fieldCodes: [FieldCode] {
        plan.fields.filter { !$0.isRetired }.map { FieldCode(plan: $0, namespace: namespace) }
    }

    /// The model struct, declared for every platform.
    var model: SwiftDeclaration {
        let metadata = plan.recordType.metadata
        var members: [SwiftDeclaration] = [
            SwiftDeclaration.property(SwiftPropertyDeclaration(
                access: access, isStatic: true, isConstant: true, name: "recordType",
                initializer: SwiftLiteral.string(plan.recordType.name)
            )).documented(["The CloudKit record type of these records."]),
            SwiftDeclaration.property(SwiftPropertyDeclaration(
                access: access, isStatic: true, isConstant: true, name: "cloudKitDatabase",
                type: "\(namespace).Database?", initializer: metadata.database.map { "." + $0.rawValue } ?? "nil"
            )).documented(["The database the schema keeps these records in; `nil` when it does not say."]),
            SwiftDeclaration.property(SwiftPropertyDeclaration(
                access: access, isStatic: true, isConstant: true, name: "cloudKitZoneName", type: "String?",
                initializer: metadata.zone.map(SwiftLiteral.string) ?? "nil"
            )).documented(["The record zone the schema keeps these records in; `nil` for the default zone."]),
            SwiftDeclaration.typeAlias(SwiftTypeAliasDeclaration(
                access: access, name: "ID", existingType: "\(namespace).RecordID<\(typeName)>"
            )).documented(["The identity of \(SwiftIdentifiers.article(for: plan.recordType.name)) `\(plan.recordType.name)` record."]),
            fieldKeys,
            SwiftDeclaration.property(SwiftPropertyDeclaration(
                access: access, isStatic: true, isConstant: true, name: "cloudKitRequiredKeys", type: "[FieldKey]",
                initializer: "[" + plan.fields.filter(\.isRequired)
                    .map { "." + SwiftIdentifiers.escaped($0.propertyName) }.joined(separator: ", ") + "]"
            )).documented(["The fields a record must hold to read: typed queries always fetch them."]),
        ]
        if let migrated = migratedKeys { members.append(migrated) }
        members += plan.fields.compactMap { field in
            field.enumeration.map {
                EnumerationTranslator(plan: $0, field: field.field, namespace: namespace, access: access).declaration
            }
        }
        members.append(SwiftDeclaration.property(SwiftPropertyDeclaration(access: access, name: "recordID", type: "ID"))
            .documented(["The record's name and zone."]))
        for code in fieldCodes {
            members += properties(of: code)
        }
        members.append(SwiftDeclaration.property(SwiftPropertyDeclaration(
            access: access, name: "cloudKitSystemFields", type: "\(namespace).SystemFields?"
        )).documented([
            "The system fields (change tag, creation and modification dates) of the record this model was read",
            "from; `nil` for a model the server has not saved. `makeRecord()` rebuilds the record from them so",
            "that saving it does not conflict.",
        ]))
        members.append(SwiftDeclaration.property(SwiftPropertyDeclaration(
            access: access, name: "cloudKitChanges", type: "\(namespace).FieldChanges"
        )).documented([
            "Which fields saving writes: those set since the model was read, or every field with a value for a",
            "new model, so that a model read from a partial fetch saves without erasing what it did not read.",
        ]))
        members.append(memberwiseInitializer)
        return SwiftDeclaration.struct(SwiftTypeDeclaration(
            access: access, name: typeName, conformances: ["Sendable", "Hashable", "Codable"], members: members
        )).documented(typeDocumentation)
    }

    /// The stored property of a field, and for a deprecated field the deprecated property in front of its
    /// private storage.
    private func properties(of code: FieldCode) -> [SwiftDeclaration] {
        let documentation = documentation(of: code.plan)
        switch code.plan.storage {
        case .tracked:
            return [SwiftDeclaration.property(SwiftPropertyDeclaration(
                access: access, name: code.propertyName, type: code.propertyType, didSet: [code.changeObserver]
            )).documented(documentation)]
        case .systemManaged:
            return [SwiftDeclaration.property(SwiftPropertyDeclaration(
                access: access, isConstant: true, name: code.propertyName, type: code.propertyType
            )).documented(documentation)]
        case .retired:
            return []
        case .deprecated(_, let message):
            return [
                SwiftDeclaration.property(SwiftPropertyDeclaration(
                    access: .private, name: code.storageName, type: code.propertyType
                )).documented(["The value of deprecated field `\(code.plan.field.name)`."]),
                SwiftDeclaration.property(SwiftPropertyDeclaration(
                    access: access, name: code.propertyName, type: code.propertyType,
                    getter: [code.storageName], setter: ["\(code.storageName) = newValue"]
                )).documented(documentation)
                    .attributed([message.isEmpty ? "@available(*, deprecated)"
                                    : "@available(*, deprecated, message: \(SwiftLiteral.string(message)))"]),
            ]
        }
    }

    /// `extension Model { init(record:), makeRecord(), write(to:) }`, for platforms with CloudKit; available
    /// where `encryptedValues` is when the model has encrypted fields.
    var cloudKitExtension: SwiftDeclaration {
        let lacksRequired: String = plan.fields.contains(where: \.isRequired) ? ", lacks a required field" : ""
        let throwsLines: [String] = [
            "- Throws: `\(namespace).RecordError` when the record is of another type\(lacksRequired),",
            "  or holds a value of the wrong type.",
        ]
        // A reader that migrates fields records which (`reader.migrated`), so it is a `var` then.
        let readerBinding: String = plan.hasMigrations ? "var" : "let"
        var readerBody: [String] = [
            "\(readerBinding) reader = try \(namespace).RecordReader(record, recordType: Self.recordType)",
            "self.recordID = ID(record.recordID)",
        ]
        for code in fieldCodes {
            readerBody += code.readStatement.split(separator: "\n").map(String.init)
        }
        readerBody += ["self.cloudKitSystemFields = reader.systemFields", "self.cloudKitChanges = reader.fieldChanges"]
        let article: String = SwiftIdentifiers.article(for: plan.recordType.name)
        let readerDocumentation: [String] = [
            "Reads a model from \(article) `\(plan.recordType.name)` record. The model remembers which fields",
            "the record held; saving it writes only the fields set since.", "",
        ]
        let reader = SwiftDeclaration.function(SwiftFunctionDeclaration(
            access: access, kind: .initializer(isFailable: false),
            parameters: [SwiftParameter(name: "record", type: "CKRecord")], isThrowing: true, body: readerBody
        )).documented(readerDocumentation + throwsLines)
        let makeRecord = SwiftDeclaration.function(SwiftFunctionDeclaration(
            access: access, kind: .function(name: "makeRecord"), returnType: "CKRecord",
            body: [
                "let record = \(namespace).record(",
                "    ofType: Self.recordType, id: recordID.ckRecordID, systemFields: cloudKitSystemFields",
                ")",
                "write(to: record)",
                "return record",
            ]
        )).documented([
            "Returns the record to save: rebuilt from `cloudKitSystemFields`, so that saving it carries the server's",
            "change tag (a new record when the model has not been saved), with the fields `write(to:)` writes.",
        ])
        // A dual write is a second line under its field's.
        let writes = fieldCodes.compactMap(\.writeStatement).flatMap { $0.split(separator: "\n").map(String.init) }
        let write = SwiftDeclaration.function(SwiftFunctionDeclaration(
            access: access, kind: .function(name: "write"),
            parameters: [SwiftParameter(label: "to", name: "record", type: "CKRecord")],
            body: writes.isEmpty
                ? ["_ = record"]
                : ["let writer = \(namespace).RecordWriter(record: record, changes: cloudKitChanges)"] + writes
        )).documented([
            "Writes onto `record` the fields set since the model was read, or every field with a value for a new",
            "model or a record the server has not saved; a `nil` value removes the field's value. Other fields of",
            "the record, and assets whose file did not change, are left as they are.",
        ])
        let declaration = SwiftDeclaration.extension(SwiftExtensionDeclaration(
            extendedType: typeName,
            members: [reader, makeRecord, write, MergeTranslator(plan: plan, namespace: namespace, access: access).cloudKitMember]
                + UnmigratedQueryCode.all(in: plan, namespace: namespace, access: access).map(\.check)
        ))
        return plan.usesEncryptedValues
            ? declaration.attributed([RecordAccessTranslator.encryptedValuesAvailability]) : declaration
    }

    // MARK: - Members

    private var fieldKeys: SwiftDeclaration {
        let cases = plan.fields.map { field in
            SwiftDeclaration.enumCase(SwiftEnumCaseDeclaration(
                name: SwiftIdentifiers.escaped(field.propertyName),
                rawValue: field.propertyName == field.field.name ? nil : SwiftLiteral.string(field.field.name)
            ))
        }
        // Swift refuses a raw type on an enum without cases, so a type without fields spells out RawRepresentable.
        let conformances = cases.isEmpty ? ["RawRepresentable", "Hashable", "CaseIterable", "Sendable"]
            : ["String", "CaseIterable", "Sendable"]
        let members = cases.isEmpty ? [
            SwiftDeclaration.function(SwiftFunctionDeclaration(
                access: access, kind: .initializer(isFailable: true),
                parameters: [SwiftParameter(name: "rawValue", type: "String")], body: ["nil"]
            )),
            SwiftDeclaration.property(SwiftPropertyDeclaration(
                access: access, name: "rawValue", type: "String", getter: ["switch self {}"]
            )),
        ] : cases
        return SwiftDeclaration.enum(SwiftTypeDeclaration(
            access: access, name: "FieldKey", conformances: conformances, members: members
        )).documented(["The CloudKit names of the fields, for typed queries' `desiredKeys` and `FieldChanges`."])
    }

    private var memberwiseInitializer: SwiftDeclaration {
        let newID = plan.recordType.metadata.zone.map { "ID(zoneName: \(SwiftLiteral.string($0)))" } ?? "ID()"
        var parameters = [SwiftParameter(name: "recordID", type: "ID", defaultValue: newID)]
        var body = ["self.recordID = recordID"]
        for code in fieldCodes {
            let defaultValue = code.plan.defaultExpression ?? (code.plan.isOptional ? "nil" : nil)
            parameters.append(SwiftParameter(name: code.propertyName, type: code.propertyType,
                                             defaultValue: defaultValue))
            body.append("self.\(code.storageName) = \(code.propertyName)")
        }
        parameters.append(SwiftParameter(name: "cloudKitSystemFields", type: "\(namespace).SystemFields?",
                                         defaultValue: "nil"))
        body.append("self.cloudKitSystemFields = cloudKitSystemFields")
        body.append("self.cloudKitChanges = \(namespace).FieldChanges()")
        let zone = plan.recordType.metadata.zone.map { " (in zone `\($0)`)" } ?? ""
        return SwiftDeclaration.function(SwiftFunctionDeclaration(
            access: access, kind: .initializer(isFailable: false), parameters: parameters, body: body
        )).documented(["Creates a new model, which saving writes with every field that has a value; a new record gets",
                       "a new ID\(zone) unless one is given."])
    }

    // MARK: - Documentation

    private var typeDocumentation: [String] {
        let summary = "CloudKit record type `\(plan.recordType.name)`"
            + (plan.recordType.metadata.database.map { " (\($0.rawValue) database)" } ?? "") + "."
        guard let documentation = plan.recordType.metadata.documentation else { return [summary] }
        return documentationLines(documentation) + ["", summary]
    }

    private func documentation(of field: FieldPlan) -> [String] {
        var summary = "CloudKit field `\(field.field.name)`: `\(field.field.type)`"
        switch field.kind {
        case .bool: summary += " (0 or 1)"
        case .reference(let target?): summary += " to `\(target)`"
        default: break
        }
        if field.field.metadata.requiresValue { summary += ", required" }
        if let defaultExpression = field.defaultExpression { summary += ", default `\(defaultExpression)`" }
        summary += "."
        switch field.storage {
        case .tracked: break
        case .systemManaged: summary += " CloudKit maintains it: read, never written."
        case .retired: break
        case .deprecated(_, let message):
            summary += " Deprecated" + (message.isEmpty ? "" : ": " + SwiftLiteral.commentText(message)) + "; read, never written."
        }
        var lines = [summary]
        if let migration = field.migration { lines += MigrationCode.documentation(of: migration) }
        guard let documentation = field.field.metadata.documentation else { return lines }
        return documentationLines(documentation) + [""] + lines
    }

    /// `static let cloudKitMigratedKeys`, the retired field of each field that replaced one, or `nil` when no
    /// field did.
    private var migratedKeys: SwiftDeclaration? {
        let pairs = plan.fields.compactMap { field in
            field.migration.flatMap { migration in
                plan.fields.first { $0.field.name == migration.oldField.name }.map {
                    "." + SwiftIdentifiers.escaped(field.propertyName) + ": ." + SwiftIdentifiers.escaped($0.propertyName)
                }
            }
        }
        guard !pairs.isEmpty else { return nil }
        return SwiftDeclaration.property(SwiftPropertyDeclaration(
            access: access, isStatic: true, isConstant: true, name: "cloudKitMigratedKeys", type: "[FieldKey: FieldKey]",
            initializer: "[" + pairs.joined(separator: ", ") + "]"
        )).documented(["The retired field each field replaced: reads fall back on it, and typed queries fetch it too."])
    }

    private func documentationLines(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            SwiftLiteral.commentText(String($0)).trimmingTrailingSpaces()
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }
}

extension String {
    /// The string without trailing spaces.
    func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
