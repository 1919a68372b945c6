import CKSchemaCore

/// Decides the Swift names of every record type, field and enum value, and the shape of every field,
/// reporting what cannot be represented as located diagnostics.
struct ModelPlanner {
    let schema: Schema
    let options: SwiftGeneratorOptions
    let diagnostics: DiagnosticFactory

    /// The plans of the record types that get models, in schema order, and the findings.
    func plan() -> (models: [ModelPlan], diagnostics: [Diagnostic]) {
        var findings: [Diagnostic] = []
        if !SwiftIdentifiers.isValidIdentifier(options.namespace) {
            findings.append(Diagnostic(id: .codegenInvalidName, severity: .error,
                                       message: "the namespace '\(options.namespace)' is not a Swift identifier"))
        }
        if !options.typeNamePrefix.isEmpty, !SwiftIdentifiers.isValidIdentifier(options.typeNamePrefix) {
            findings.append(Diagnostic(id: .codegenInvalidName, severity: .error,
                                       message: "the type name prefix '\(options.typeNamePrefix)' is not a Swift identifier"))
        }
        var topLevel = NameScope(reserved: ReservedNames.topLevel.merging(
            [options.namespace: "the shared support types"]) { first, _ in first })

        var typeNames: [String: String] = [:]
        var skipped: Set<String> = []
        var included: [RecordType] = []
        for recordType in schema.recordTypes {
            if recordType.name.hasPrefix("cloudkit.") {
                skipped.insert(recordType.name)
                findings.append(diagnostics.note(
                    .codegenSkippedRecordType,
                    "record type '\(recordType.name)' is CloudKit's own; use 'CKShare' for it, no model is generated",
                    at: .recordType(recordType.name)))
                continue
            }
            guard let name = typeName(for: recordType, findings: &findings) else { continue }
            if let problem = topLevel.claim(name, by: "record type '\(recordType.name)'",
                                            at: .recordType(recordType.name), diagnostics: diagnostics) {
                findings.append(problem)
                continue
            }
            typeNames[recordType.name] = name
            included.append(recordType)
        }
        findings += fileNameCollisions(included, typeNames: typeNames)

        let resolver = FieldKindResolver(schema: schema, typeNames: typeNames, skipped: skipped,
                                         diagnostics: diagnostics)
        var models: [ModelPlan] = []
        var caseNames: Set<String> = []
        for recordType in included {
            guard let typeName = typeNames[recordType.name] else { continue }
            var fields = planFields(of: recordType, typeName: typeName, topLevel: topLevel, resolver: resolver,
                                    findings: &findings)
            planMigrations(of: recordType, fields: &fields, findings: &findings)
            let clock = planMerge(of: recordType, fields: &fields, findings: &findings)
            var model = ModelPlan(recordType: recordType, typeName: typeName, fields: fields)
            model.mergeClock = clock
            model.systemQueryFields = systemQueryFields(of: recordType, fields: fields, findings: &findings)
            model.anyModelCaseName = anyModelCaseName(for: typeName, taken: &caseNames)
            models.append(model)
        }
        return (models, findings)
    }

    // MARK: - Queries and the schema entry point

    /// The indexed system fields, named as `CKQuery` names them; one whose name a field's property took is
    /// left out with a note.
    private func systemQueryFields(of recordType: RecordType, fields: [FieldPlan],
                                   findings: inout [Diagnostic]) -> [SystemQueryField] {
        let taken = Set(fields.map(\.propertyName))
        return ReservedNames.systemQueryFields.compactMap { field, name in
            guard let index = QueryIndex(recordType.indexes(on: field)) else { return nil }
            if taken.contains(name) {
                findings.append(diagnostics.note(
                    .codegenSystemFieldHidden,
                    "typed queries of record type '\(recordType.name)' cannot use system field '\(field.name)' as "
                        + "'\(name)', which is the Swift name of one of its fields; set that field's 'swiftName'",
                    at: .systemField(recordType.name, field)))
                return nil
            }
            return SystemQueryField(field: field, name: name, index: index)
        }
    }

    /// The model's case in `CloudKitSchema.AnyModel`: the type name with a lower-case first letter, `Record`
    /// appended when that is a name the enum needs or another model's case.
    private func anyModelCaseName(for typeName: String, taken: inout Set<String>) -> String {
        var name = SwiftIdentifiers.lowercasingFirstLetter(typeName)
        while ReservedNames.anyModelMembers.contains(name) || taken.contains(name) {
            name += "Record"
        }
        taken.insert(name)
        return name
    }

    // MARK: - Types

    private func typeName(for recordType: RecordType, findings: inout [Diagnostic]) -> String? {
        let prefix = options.typeNamePrefix
        if let override = options.typeNameOverrides[recordType.name] ?? recordType.metadata.swiftName {
            return checkedOverride(prefix + override, of: "record type '\(recordType.name)'",
                                   at: .recordTypeKey(recordType.name, "swiftName"), findings: &findings)
        }
        guard let derived = SwiftIdentifiers.derivedName(
            for: recordType.name, style: .upperCamelCase, stripsCoreDataPrefix: options.stripsCoreDataPrefix)
        else {
            findings.append(diagnostics.error(
                .codegenInvalidName,
                "record type '\(recordType.name)' has no letter or digit to make a Swift type name from; set 'swiftName'",
                at: .recordType(recordType.name)))
            return nil
        }
        return prefix + derived
    }

    /// Reports types whose per-type files would clash on a case-insensitive file system.
    private func fileNameCollisions(_ recordTypes: [RecordType], typeNames: [String: String]) -> [Diagnostic] {
        guard case .filePerRecordType = options.layout else { return [] }
        var seen: [String: String] = [options.namespace.lowercased(): options.namespace]
        var findings: [Diagnostic] = []
        for recordType in recordTypes {
            guard let name = typeNames[recordType.name] else { continue }
            if let first = seen[name.lowercased()] {
                findings.append(diagnostics.error(
                    .codegenNameCollision,
                    "record type '\(recordType.name)' would be written to '\(name).swift', which clashes with '\(first).swift' on case-insensitive file systems; set 'swiftName'",
                    at: .recordType(recordType.name)))
            } else {
                seen[name.lowercased()] = name
            }
        }
        return findings
    }

    // MARK: - Fields

    private func planFields(of recordType: RecordType, typeName: String, topLevel: NameScope,
                            resolver: FieldKindResolver, findings: inout [Diagnostic]) -> [FieldPlan] {
        var members = NameScope(reserved: ReservedNames.modelMembers)
        var names: [String?] = []
        for field in recordType.fields {
            guard let name = propertyName(for: field, in: recordType, findings: &findings) else {
                names.append(nil)
                continue
            }
            if let problem = members.claim(name, by: "field '\(field.name)'", at: .field(recordType.name, field.name),
                                           diagnostics: diagnostics) {
                findings.append(problem)
                names.append(nil)
            } else {
                names.append(name)
            }
        }
        // A deprecated field's value lives in a private property, so that generated code reading it draws no
        // deprecation warning; claimed after every field so that the error names the field that was there first.
        for (field, name) in zip(recordType.fields, names) where field.metadata.isDeprecated {
            guard let name else { continue }
            if let problem = members.claim("_" + name, by: "the storage of deprecated field '\(field.name)'",
                                           at: .fieldKey(recordType.name, field.name, "deprecated"),
                                           diagnostics: diagnostics) {
                findings.append(problem)
            }
        }
        var plans: [FieldPlan] = []
        for (field, name) in zip(recordType.fields, names) {
            guard let name else { continue }
            var enumeration: EnumerationPlan?
            if case .enumeration(let values)? = field.metadata.logicalType {
                let typeNameTaken = { (candidate: String) in
                    members.contains(candidate) || topLevel.contains(candidate) || candidate == typeName
                }
                guard let planned = planEnumeration(values, field: field, in: recordType, propertyName: name,
                                                    isTaken: typeNameTaken, findings: &findings)
                else { continue }
                members = members.reserving(planned.typeName, for: "the enum of field '\(field.name)'")
                enumeration = planned
            }
            switch resolver.resolve(field, in: recordType, enumeration: enumeration) {
            case .success(let resolved):
                plans.append(FieldPlan(field: field, propertyName: name, kind: resolved.kind,
                                       defaultExpression: resolved.defaultExpression, enumeration: enumeration,
                                       storage: storage(of: field, in: recordType, propertyName: name)))
            case .failure(let problem):
                findings.append(problem.diagnostic)
            }
        }
        return plans
    }

    private func propertyName(for field: Field, in recordType: RecordType, findings: inout [Diagnostic]) -> String? {
        if let override = options.propertyNameOverrides[recordType.name]?[field.name] ?? field.metadata.swiftName {
            return checkedOverride(override, of: "field '\(field.name)'",
                                   at: .fieldKey(recordType.name, field.name, "swiftName"), findings: &findings)
        }
        guard let name = SwiftIdentifiers.derivedName(
            for: field.name, style: .lowerCamelCase, stripsCoreDataPrefix: options.stripsCoreDataPrefix)
        else {
            findings.append(diagnostics.error(
                .codegenInvalidName,
                "field '\(field.name)' has no letter or digit to make a Swift property name from; set 'swiftName'",
                at: .field(recordType.name, field.name)))
            return nil
        }
        return name
    }

    private func planEnumeration(_ values: [String], field: Field, in recordType: RecordType, propertyName: String,
                                 isTaken: (String) -> Bool, findings: inout [Diagnostic]) -> EnumerationPlan? {
        let path = SchemaPath.fieldKey(recordType.name, field.name, "enum")
        var typeName = SwiftIdentifiers.uppercasingFirst(propertyName)
        if isTaken(typeName) { typeName += "Value" }
        if isTaken(typeName) || SwiftIdentifiers.isRenamedWithUnderscore(typeName) {
            findings.append(diagnostics.error(
                .codegenNameCollision,
                "the enum of field '\(field.name)' cannot be named '\(typeName)', which is taken; set 'swiftName' on the field",
                at: path))
            return nil
        }
        var scope = NameScope(reserved: ReservedNames.enumerationMembers)
        var cases: [EnumerationPlan.Case] = []
        var failed = false
        for value in values where !cases.contains(where: { $0.value == value }) {
            guard let name = SwiftIdentifiers.identifier(for: value, style: .lowerCamelCase) else {
                findings.append(diagnostics.error(
                    .codegenInvalidName,
                    "enum value '\(value)' of field '\(field.name)' has no letter or digit to make a Swift case name from",
                    at: path))
                failed = true
                continue
            }
            if let problem = scope.claim(name, by: "enum value '\(value)'", at: path, diagnostics: diagnostics) {
                findings.append(problem)
                failed = true
                continue
            }
            cases.append(EnumerationPlan.Case(value: value, name: name))
        }
        return failed ? nil : EnumerationPlan(typeName: typeName, cases: cases)
    }

    /// How the model holds `field`: CloudKit's own fields are read-only, deprecated ones live in private storage.
    private func storage(of field: Field, in recordType: RecordType, propertyName: String) -> FieldStorage {
        if SystemManagedFields.contains(field.name, of: recordType.name) { return .systemManaged }
        if let message = field.metadata.deprecation { return .deprecated(backingName: "_" + propertyName, message: message) }
        return .tracked
    }

    // MARK: - Helpers

    private func checkedOverride(_ name: String, of description: String, at path: SchemaPath,
                                 findings: inout [Diagnostic]) -> String? {
        guard SwiftIdentifiers.isValidIdentifier(name), !SwiftIdentifiers.isRenamedWithUnderscore(name) else {
            findings.append(diagnostics.error(
                .codegenInvalidName, "the Swift name '\(name)' of \(description) is not a usable Swift identifier",
                at: path))
            return nil
        }
        return name
    }
}

extension NameScope {
    /// Returns the scope with `name` taken for `reason`.
    func reserving(_ name: String, for reason: String) -> NameScope {
        var copy = self
        copy.reserve(name, for: reason)
        return copy
    }
}
