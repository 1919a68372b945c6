import CKSchemaCore

/// Translates one model's side of typed queries: its `RecordModel` conformance, the index of its record ID, and
/// `QueryFields`, which lists each field queries may use typed by its indexes (`Field<Model, Value, Queryable>`),
/// the indexed system fields by their `CKRecord` names, and whether the type has SEARCHABLE fields; and the queries
/// for the records each field migration has not reached (`UnmigratedQueryCode`).
struct QueryFieldsTranslator {
    let plan: ModelPlan
    let namespace: String
    /// The access level written on public API (`nil` for internal).
    let access: SwiftAccess?
    /// The Swift type of the user record IDs (`Users.ID` when the schema's `Users` type has a model).
    let userIDType: String

    private var typeName: String { SwiftIdentifiers.escaped(plan.typeName) }
    private var unmigratedQueries: [UnmigratedQueryCode] {
        UnmigratedQueryCode.all(in: plan, namespace: namespace, access: access)
    }

    /// `extension Model: CloudKitSchema.RecordModel { typealias RecordIDIndex; struct QueryFields }`.
    var declaration: SwiftDeclaration {
        let recordIDIndex = plan.recordIDIndex?.isQueryable == true ? "Queryable" : "Unindexed"
        return SwiftDeclaration.extension(SwiftExtensionDeclaration(
            extendedType: typeName, conformances: ["\(namespace).RecordModel"], members: [
                SwiftDeclaration.typeAlias(SwiftTypeAliasDeclaration(
                    access: access, name: "RecordIDIndex", existingType: "\(namespace).\(recordIDIndex)"
                )).documented(["The index of `___recordID`: `allRecords()` needs it QUERYABLE."]),
                queryFields,
            ] + unmigratedQueries.map(\.query)))
    }

    private var queryFields: SwiftDeclaration {
        var members: [SwiftDeclaration] = [
            SwiftDeclaration.typeAlias(SwiftTypeAliasDeclaration(access: access, name: "Model", existingType: typeName))
                .documented(["The model these fields belong to."]),
            SwiftDeclaration.typeAlias(SwiftTypeAliasDeclaration(
                access: access, name: "TextIndex", existingType: "\(namespace).\(plan.isSearchable ? "Searchable" : "Unindexed")"
            )).documented([plan.isSearchable ? "The type has SEARCHABLE fields: `text(containsAnyOf:)` works."
                : "The type has no SEARCHABLE field: text search does not compile."]),
            SwiftDeclaration.function(SwiftFunctionDeclaration(access: access, kind: .initializer(isFailable: false),
                                                               body: []))
                .documented(["The fields."]),
        ]
        for field in plan.fields {
            guard let index = field.queryIndex else { continue }
            let code = FieldCode(plan: field, namespace: namespace)
            let value: String
            switch field.kind {
            case .enumeration(let name): value = "\(typeName).\(SwiftIdentifiers.escaped(name))"
            default: value = code.elementType
            }
            // Predicates test the stored field: a record holding only the retired one is not found by it.
            var unmigrated = field.migration.map {
                ["Records not migrated yet (holding only `\($0.oldField.name)`, the field this one replaced) do not match:",
                 "read and save them (the read migrates them) before relying on this field in queries."]
            } ?? []
            if let finder = unmigratedQueries.first(where: { $0.field.field.name == field.field.name }) {
                unmigrated.append("`\(finder.queryName)` and `\(finder.checkName)(_:)` find them.")
            }
            let retired = field.isRetired ? ["Retired: replaced by another field; query it only to find the records not migrated yet",
                                             "(those holding no value for its replacement, which the models migrate when saved)."] : []
            members.append(member(name: SwiftIdentifiers.escaped(field.propertyName), key: field.field.name,
                                  container: field.isList ? "ListField" : "Field", value: value, index: index,
                                  about: "Field `\(field.field.name)`", notes: unmigrated + retired))
        }
        for system in plan.systemQueryFields {
            let value: String
            switch system.field {
            case .recordID: value = "\(typeName).ID"
            case .createTime, .modTime: value = "Date"
            case .createdBy, .modifiedBy, .etag: value = userIDType
            }
            members.append(member(name: system.name, key: system.name, container: "Field", value: value,
                                  index: system.index, about: "System field `\(system.field.name)`"))
        }
        return SwiftDeclaration.struct(SwiftTypeDeclaration(
            access: access, name: "QueryFields", conformances: ["\(namespace).QueryFieldSet"], members: members
        )).documented([
            "The fields of `\(plan.recordType.name)` that typed queries may use, each typed by its indexes in the",
            "schema, so that a query production cannot serve does not compile.",
        ])
    }

    private func member(name: String, key: String, container: String, value: String, index: QueryIndex,
                        about: String, notes: [String] = []) -> SwiftDeclaration {
        let type = "\(namespace).\(container)<\(typeName), \(value), \(namespace).\(index.markerName)>"
        let indexes = [index.isQueryable ? "QUERYABLE" : nil, index.isSortable ? "SORTABLE" : nil]
            .compactMap { $0 }.joined(separator: ", ")
        return SwiftDeclaration.property(SwiftPropertyDeclaration(
            access: access, name: name, type: type, getter: [".init(\(SwiftLiteral.string(key)))"]
        )).documented(["\(about): \(indexes)."] + notes)
    }
}
