import CKSchemaCore

/// A field the generator cannot represent, as the diagnostic that says why.
struct FieldProblem: Error {
    let diagnostic: Diagnostic
}

/// Decides what one field value is in Swift (`ValueKind`) and renders its default value, refusing the
/// combinations that would produce code that does not compile or that CloudKit rejects at run time.
struct FieldKindResolver {
    /// The kind of a field and the Swift expression of its default value.
    struct Resolved {
        var kind: ValueKind
        var defaultExpression: String?
    }

    let schema: Schema
    /// Swift type names of the record types that get models.
    let typeNames: [String: String]
    /// Record types deliberately left without a model (references to them are untyped).
    let skipped: Set<String>
    let diagnostics: DiagnosticFactory

    /// Resolves `field` of `recordType`; `enumeration` is the enum planned for an `enum` field.
    func resolve(_ field: Field, in recordType: RecordType,
                 enumeration: EnumerationPlan?) -> Result<Resolved, FieldProblem> {
        let kind: ValueKind
        switch kindOf(field, in: recordType, enumeration: enumeration) {
        case .success(let resolved): kind = resolved
        case .failure(let problem): return .failure(problem)
        }
        guard let literal = field.metadata.defaultValue else { return .success(Resolved(kind: kind)) }
        let renderer = DefaultValueRenderer(kind: kind, enumeration: enumeration)
        let rendered = field.type.isList ? renderer.renderList(literal) : renderer.render(literal)
        switch rendered {
        case .success(let expression):
            return .success(Resolved(kind: kind, defaultExpression: expression))
        case .failure(let reason):
            return .failure(problem(.codegenInvalidDefault,
                                    "the default value of field '\(field.name)' \(reason.text)",
                                    at: .fieldKey(recordType.name, field.name, "default")))
        }
    }

    private func kindOf(_ field: Field, in recordType: RecordType,
                        enumeration: EnumerationPlan?) -> Result<ValueKind, FieldProblem> {
        let type = field.type
        let fieldPath = SchemaPath.fieldType(recordType.name, field.name)
        switch field.metadata.logicalType {
        case .bool?:
            guard type.primitive == .int64 || type.primitive == .number(preferredAs: .int64) else {
                return .failure(problem(.codegenUnsupportedField,
                                        "field '\(field.name)' is 'bool', which is stored as INT64, but its type is \(type)",
                                        at: fieldPath))
            }
            return .success(.bool)
        case .enumeration?:
            guard type.primitive == .string, let enumeration else {
                return .failure(problem(.codegenUnsupportedField,
                                        "field '\(field.name)' has 'enum' values, which are stored as STRING, but its type is \(type)",
                                        at: fieldPath))
            }
            return .success(.enumeration(typeName: enumeration.typeName))
        case nil:
            break
        }
        if type.isEncrypted, !type.primitive.isEncryptable {
            return .failure(problem(.codegenUnsupportedField,
                                    "field '\(field.name)' is \(type), which CloudKit cannot store: only BYTES, STRING, DOUBLE, INT64, LOCATION and TIMESTAMP can be encrypted",
                                    at: fieldPath))
        }
        switch type.primitive {
        case .string: return .success(.string)
        case .int64, .number(preferredAs: .int64?): return .success(.int64)
        case .double, .number: return .success(.double)
        case .timestamp: return .success(.timestamp)
        case .bytes: return .success(.bytes)
        case .asset: return .success(.asset)
        case .location: return .success(.location)
        case .reference: return referenceKind(field, in: recordType)
        }
    }

    private func referenceKind(_ field: Field, in recordType: RecordType) -> Result<ValueKind, FieldProblem> {
        guard let target = field.metadata.referenceTarget, !skipped.contains(target) else {
            return .success(.reference(targetTypeName: nil))
        }
        if let typeName = typeNames[target] { return .success(.reference(targetTypeName: typeName)) }
        let reason = schema.recordType(named: target) == nil
            ? "record type '\(target)', which the schema does not declare"
            : "record type '\(target)', which gets no model because of the problems reported for it"
        return .failure(problem(.codegenUnsupportedField, "field '\(field.name)' refers to \(reason)",
                                at: .fieldKey(recordType.name, field.name, "to")))
    }

    private func problem(_ id: DiagnosticID, _ message: String, at path: SchemaPath) -> FieldProblem {
        FieldProblem(diagnostic: diagnostics.error(id, message, at: path))
    }
}
