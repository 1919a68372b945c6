import CKSchemaCore

/// Translates one record type into its model: the value type with its record type constant, `ID`, field-key
/// enum, enums and memberwise initializer, and the CloudKit extension that reads and writes records.
struct ModelTranslator {
    let plan: ModelPlan
    let namespace: String
    /// The access level written on public API (`nil` for internal).
    let access: SwiftAccess?

    private var typeName: String { SwiftIdentifiers.escaped(plan.typeName) }
    private var fieldCodes: [FieldCode] { plan.fields.map { FieldCode(plan: $0, namespace: namespace) } }

    /// The model struct, declared for every platform.
    var model: SwiftDeclaration {
        var members: [SwiftDeclaration] = [
            SwiftDeclaration.property(SwiftPropertyDeclaration(
                access: access, isStatic: true, isConstant: true, name: "recordType",
                initializer: SwiftLiteral.string(plan.recordType.name)
            )).documented(["The CloudKit record type of these records."]),
            SwiftDeclaration.typeAlias(SwiftTypeAliasDeclaration(
                access: access, name: "ID", existingType: "\(namespace).RecordID<\(typeName)>"
            )).documented(["The identity of \(SwiftIdentifiers.article(for: plan.recordType.name)) `\(plan.recordType.name)` record."]),
            fieldKeys,
        ]
        members += plan.fields.compactMap { field in
            field.enumeration.map { EnumerationTranslator(plan: $0, field: field.field, access: access).declaration }
        }
        members.append(SwiftDeclaration.property(SwiftPropertyDeclaration(access: access, name: "recordID", type: "ID"))
            .documented(["The record's name and zone."]))
        for code in fieldCodes {
            members.append(SwiftDeclaration.property(SwiftPropertyDeclaration(
                access: access, name: code.propertyName, type: code.propertyType
            )).documented(documentation(of: code.plan)))
        }
        members.append(SwiftDeclaration.property(SwiftPropertyDeclaration(
            access: access, name: "cloudKitSystemFields", type: "\(namespace).SystemFields?"
        )).documented([
            "The system fields (change tag, creation and modification dates) of the record this model was read",
            "from; `nil` for a model the server has not saved. `makeRecord()` rebuilds the record from them so",
            "that saving it does not conflict.",
        ]))
        members.append(memberwiseInitializer)
        return SwiftDeclaration.struct(SwiftTypeDeclaration(
            access: access, name: typeName, conformances: ["Sendable", "Hashable", "Codable"], members: members
        )).documented(typeDocumentation)
    }

    /// `extension Model { init(record:), makeRecord(), write(to:) }`, for platforms with CloudKit.
    var cloudKitExtension: SwiftDeclaration {
        let required = plan.fields.filter { $0.field.metadata.isRequired && $0.defaultExpression == nil }
        let throwsLines = [
            "- Throws: `\(namespace).RecordError` when the record is of another type"
                + (required.isEmpty ? "" : ", lacks a required field") + ",",
            "  or holds a value of the wrong type.",
        ]
        let reader = SwiftDeclaration.function(SwiftFunctionDeclaration(
            access: access, kind: .initializer(isFailable: false),
            parameters: [SwiftParameter(name: "record", type: "CKRecord")], isThrowing: true,
            body: ["let reader = try \(namespace).RecordReader(record, recordType: Self.recordType)",
                   "self.recordID = ID(record.recordID)"]
                + fieldCodes.map(\.readStatement)
                + ["self.cloudKitSystemFields = reader.systemFields"]
        )).documented(["Reads a model from \(SwiftIdentifiers.article(for: plan.recordType.name)) `\(plan.recordType.name)` record.", ""]
                    + throwsLines)
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
            "Returns a record holding this model's values, rebuilt from `cloudKitSystemFields` so that saving it",
            "carries the server's change tag (a new record when the model has not been saved).",
        ])
        let write = SwiftDeclaration.function(SwiftFunctionDeclaration(
            access: access, kind: .function(name: "write"),
            parameters: [SwiftParameter(label: "to", name: "record", type: "CKRecord")],
            body: fieldCodes.isEmpty
                ? ["_ = record"]
                : ["let writer = \(namespace).RecordWriter(record: record)"] + fieldCodes.map(\.writeStatement)
        )).documented(["Writes this model's field values onto `record`; a `nil` value removes the field's value."])
        return SwiftDeclaration.extension(SwiftExtensionDeclaration(
            extendedType: typeName, members: [reader, makeRecord, write]
        ))
    }

    // MARK: - Members

    private var fieldKeys: SwiftDeclaration {
        let cases = plan.fields.map { field in
            SwiftDeclaration.enumCase(SwiftEnumCaseDeclaration(
                name: SwiftIdentifiers.escaped(field.propertyName),
                rawValue: field.propertyName == field.field.name ? nil : SwiftLiteral.string(field.field.name)
            ))
        }
        // Swift refuses a raw type on an enum without cases, so a type without fields gets a plain enum.
        let conformances = cases.isEmpty ? ["CaseIterable", "Sendable"] : ["String", "CaseIterable", "Sendable"]
        return SwiftDeclaration.enum(SwiftTypeDeclaration(
            access: access, name: "FieldKey", conformances: conformances, members: cases
        )).documented(["The CloudKit names of the fields, for queries, sort descriptors and `desiredKeys`."])
    }

    private var memberwiseInitializer: SwiftDeclaration {
        var parameters = [SwiftParameter(name: "recordID", type: "ID", defaultValue: "ID()")]
        var body = ["self.recordID = recordID"]
        for code in fieldCodes {
            let defaultValue = code.plan.defaultExpression ?? (code.plan.isOptional ? "nil" : nil)
            parameters.append(SwiftParameter(name: code.propertyName, type: code.propertyType,
                                             defaultValue: defaultValue))
            body.append("self.\(code.propertyName) = \(code.propertyName)")
        }
        parameters.append(SwiftParameter(name: "cloudKitSystemFields", type: "\(namespace).SystemFields?",
                                         defaultValue: "nil"))
        body.append("self.cloudKitSystemFields = cloudKitSystemFields")
        return SwiftDeclaration.function(SwiftFunctionDeclaration(
            access: access, kind: .initializer(isFailable: false), parameters: parameters, body: body
        )).documented(["Creates a model; a new record gets a new ID unless one is given."])
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
        if field.field.metadata.isRequired { summary += ", required" }
        if let defaultExpression = field.defaultExpression { summary += ", default `\(defaultExpression)`" }
        summary += "."
        guard let documentation = field.field.metadata.documentation else { return [summary] }
        return documentationLines(documentation) + ["", summary]
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
