import CKSchemaCore

/// Translates the support code of typed queries: the index marker types, the `RecordModel` and `QueryFieldSet`
/// protocols, `Field` / `ListField` / `Predicate` / `SortDescriptor` / `Query` / `QueryArgument`, the operators
/// and methods each index allows (as constrained extensions, so that what production cannot serve does not
/// compile), and, for CloudKit, their rendering as `CKQuery`, `NSPredicate` and sort descriptors.
///
/// The predicate text is built outside `#if canImport(CloudKit)`, so its format strings can be tested anywhere.
struct QuerySupportTranslator {
    let namespace: String
    /// The access level written on public API (`nil` for internal).
    let access: SwiftAccess?
    /// Whether the schema has locations (distance queries and sorts).
    let includesLocation: Bool

    /// The namespace, short for the many type names the translations spell out.
    var ns: String { namespace }

    // MARK: - Inside the namespace

    /// The query types, declared inside the namespace enum.
    var namespaceMembers: [SwiftDeclaration] {
        indexMarkers + [recordModel, queryFieldSet, queryArgument, queryValueConvertible, field, listField,
                        predicate, sortDescriptor, query]
    }

    private var indexMarkers: [SwiftDeclaration] {
        let protocols: [(String, String)] = [
            ("QueryableIndex", "An index that serves equality, `!=`, `IN`, `BEGINSWITH` and list membership (QUERYABLE)."),
            ("SortableIndex", "An index that serves ranges and sorting (SORTABLE)."),
            ("SearchableIndex", "Full-text search over a record type's SEARCHABLE fields (`self CONTAINS`)."),
        ]
        let markers: [(String, [String], String)] = [
            ("Queryable", ["QueryableIndex"], "A QUERYABLE field."),
            ("Sortable", ["SortableIndex"], "A SORTABLE field."),
            ("QueryableSortable", ["QueryableIndex", "SortableIndex"], "A QUERYABLE and SORTABLE field."),
            ("Searchable", ["SearchableIndex"], "A record type with SEARCHABLE fields."),
            ("Unindexed", [], "No index: a query that needs one does not compile."),
        ]
        return protocols.map { name, doc in
            SwiftDeclaration.protocol(SwiftProtocolDeclaration(access: access, name: name)).documented([doc])
        } + markers.map { name, conformances, doc in
            SwiftDeclaration.enum(SwiftTypeDeclaration(access: access, name: name, conformances: conformances))
                .documented([doc])
        }
    }

    private var recordModel: SwiftDeclaration {
        SwiftDeclaration.protocol(SwiftProtocolDeclaration(access: access, name: "RecordModel", requirements: [
            "associatedtype FieldKey: RawRepresentable, Hashable, Sendable where FieldKey.RawValue == String",
            "associatedtype QueryFields: QueryFieldSet where QueryFields.Model == Self",
            "associatedtype RecordIDIndex",
            "static var recordType: String { get }",
            "static var cloudKitRequiredKeys: [FieldKey] { get }",
            "static var cloudKitMigratedKeys: [FieldKey: FieldKey] { get }",
            "var cloudKitChanges: FieldChanges { get }",
        ])).documented([
            "A model typed queries can find: its record type, its field keys, the fields queries may use, and the",
            "index of its record ID (`allRecords()` needs it QUERYABLE); and which fields it read and changed, which",
            "conflict merges consult.",
        ])
    }

    private var queryFieldSet: SwiftDeclaration {
        SwiftDeclaration.protocol(SwiftProtocolDeclaration(access: access, name: "QueryFieldSet", requirements: [
            "associatedtype Model",
            "associatedtype TextIndex",
            "init()",
        ])).documented(["The fields of one record type that queries may use, each typed by its indexes, and whether",
                        "the type has SEARCHABLE fields (`TextIndex`)."])
    }

    private var queryArgument: SwiftDeclaration {
        var cases: [(SwiftEnumCaseDeclaration, String)] = [
            (SwiftEnumCaseDeclaration(name: "key", associatedValues: ["String"]), "A field's name, for `%K`."),
            (SwiftEnumCaseDeclaration(name: "string", associatedValues: ["String"]), "A STRING (or enum) value."),
            (SwiftEnumCaseDeclaration(name: "int64", associatedValues: ["Int64"]), "An INT64 (or Bool as 0 or 1) value."),
            (SwiftEnumCaseDeclaration(name: "double", associatedValues: ["Double"]), "A DOUBLE value."),
            (SwiftEnumCaseDeclaration(name: "date", associatedValues: ["Date"]), "A TIMESTAMP value."),
            (SwiftEnumCaseDeclaration(name: "recordID",
                                      associatedValues: ["recordName: String", "zoneName: String", "ownerName: String"]),
             "A record, compared as a `CKRecord.Reference`."),
        ]
        if includesLocation {
            cases.append((SwiftEnumCaseDeclaration(name: "location", associatedValues: ["Location"]), "A location."))
        }
        cases.append((SwiftEnumCaseDeclaration(name: "list", associatedValues: ["[QueryArgument]"]),
                      "A list of values, for `IN`."))
        return SwiftDeclaration.enum(SwiftTypeDeclaration(
            access: access, name: "QueryArgument", conformances: ["Sendable", "Hashable"],
            members: cases.map { SwiftDeclaration.enumCase($0.0).documented([$0.1]) }
        )).documented(["One argument of a predicate's format string: a key for `%K`, or a value for `%@`."])
    }

    private var queryValueConvertible: SwiftDeclaration {
        SwiftDeclaration.protocol(SwiftProtocolDeclaration(access: access, name: "QueryValueConvertible", requirements: [
            "static func queryArgument(for value: Self) -> QueryArgument",
        ])).documented(["A value predicates compare fields with. (A static function rather than a property, so that",
                        "two schemas' namespaces in one module can both make `String` and the other values conform.)"])
    }

    private var field: SwiftDeclaration {
        fieldType(name: "Field", value: "Value", doc: [
            "A field of `Model` holding `Value`s, with the indexes `Index` (`Queryable`, `Sortable` or",
            "`QueryableSortable`): its operators exist only where the index serves them.",
        ])
    }

    private var listField: SwiftDeclaration {
        fieldType(name: "ListField", value: "Element", doc: [
            "A QUERYABLE list field of `Model` holding `Element`s, for membership tests.",
        ])
    }

    private func fieldType(name: String, value: String, doc: [String]) -> SwiftDeclaration {
        SwiftDeclaration.struct(SwiftTypeDeclaration(
            access: access, name: name, genericParameters: ["Model", value, "Index"], conformances: ["Sendable"],
            members: [
                SwiftDeclaration.property(SwiftPropertyDeclaration(access: access, isConstant: true, name: "key",
                                                                   type: "String"))
                    .documented(["The field's CloudKit name."]),
                SwiftDeclaration.function(SwiftFunctionDeclaration(
                    access: access, kind: .initializer(isFailable: false),
                    parameters: [SwiftParameter(label: "_", name: "key", type: "String")], body: ["self.key = key"]
                )).documented(["The field named `key`."]),
            ]
        )).documented(doc)
    }

    private var predicate: SwiftDeclaration {
        SwiftDeclaration.struct(SwiftTypeDeclaration(
            access: access, name: "Predicate", genericParameters: ["Model"], conformances: ["Sendable", "Hashable"],
            members: [
                SwiftDeclaration.property(SwiftPropertyDeclaration(access: access, isConstant: true, name: "format",
                                                                   type: "String"))
                    .documented(["The `NSPredicate` format string, with `%K` for keys and `%@` for values."]),
                SwiftDeclaration.property(SwiftPropertyDeclaration(access: access, isConstant: true, name: "arguments",
                                                                   type: "[QueryArgument]"))
                    .documented(["The arguments of `format`, in order."]),
                SwiftDeclaration.function(SwiftFunctionDeclaration(
                    access: access, kind: .initializer(isFailable: false),
                    parameters: [SwiftParameter(name: "format", type: "String"),
                                 SwiftParameter(name: "arguments", type: "[QueryArgument]")],
                    body: ["self.format = format", "self.arguments = arguments"]
                )).documented(["A predicate with a format string and its arguments."]),
                SwiftDeclaration.function(SwiftFunctionDeclaration(
                    access: access, isStatic: true, kind: .function(name: "&&"),
                    parameters: [SwiftParameter(label: "_", name: "lhs", type: "Predicate"),
                                 SwiftParameter(label: "_", name: "rhs", type: "Predicate")],
                    returnType: "Predicate",
                    body: ["Predicate(format: lhs.format + \" AND \" + rhs.format, arguments: lhs.arguments + rhs.arguments)"]
                )).documented(["The records both match (`AND`; CloudKit queries have no `OR`)."]),
            ]
        )).documented(["A condition on records of `Model`, as an `NSPredicate` format string and its arguments."])
    }

    private var sortDescriptor: SwiftDeclaration {
        var properties: [(String, String, String)] = [
            ("key", "String", "The CloudKit name of the field."),
            ("ascending", "Bool", "Whether smaller values come first."),
        ]
        if includesLocation {
            properties.append(("relativeLocation", "Location?",
                               "For a distance sort (`CKLocationSortDescriptor`), the location distances are measured from."))
        }
        let members = SupportTranslator.constants(properties, access: access, initializer: "A sort descriptor.",
                                                  optionalsDefaultToNil: true)
        return SwiftDeclaration.struct(SwiftTypeDeclaration(
            access: access, name: "SortDescriptor", genericParameters: ["Model"], conformances: ["Sendable", "Hashable"],
            members: members
        )).documented(["How a query orders records of `Model`: by a SORTABLE field, or by distance from a location."])
    }

    private var query: SwiftDeclaration {
        let members: [SwiftDeclaration] = [
            SwiftDeclaration.property(SwiftPropertyDeclaration(access: access, isConstant: true, name: "predicate",
                                                               type: "Predicate<Model>"))
                .documented(["Which records match."]),
            SwiftDeclaration.property(SwiftPropertyDeclaration(access: access, name: "sortDescriptors",
                                                               type: "[SortDescriptor<Model>]"))
                .documented(["How matching records are ordered, first descriptor first."]),
            SwiftDeclaration.property(SwiftPropertyDeclaration(access: access, name: "desiredKeys",
                                                               type: "[Model.FieldKey]?"))
                .documented(["The fields to fetch; `nil` fetches every field. A model read from a partial record",
                             "saves without erasing the fields it did not fetch."]),
            SwiftDeclaration.function(SwiftFunctionDeclaration(
                access: access, kind: .initializer(isFailable: false),
                parameters: [SwiftParameter(name: "predicate", type: "Predicate<Model>"),
                             SwiftParameter(name: "sortDescriptors", type: "[SortDescriptor<Model>]", defaultValue: "[]"),
                             SwiftParameter(name: "desiredKeys", type: "[Model.FieldKey]?", defaultValue: "nil")],
                body: ["self.predicate = predicate", "self.sortDescriptors = sortDescriptors",
                       "self.desiredKeys = desiredKeys"]
            )).documented(["A query for the records `predicate` matches."]),
            SwiftDeclaration.function(SwiftFunctionDeclaration(
                access: access, kind: .function(name: "sorted"),
                parameters: [SwiftParameter(label: "by", name: "descriptor",
                                            type: "(Model.QueryFields) -> SortDescriptor<Model>")],
                returnType: "Query",
                body: ["var copy = self", "copy.sortDescriptors.append(descriptor(Model.QueryFields()))", "return copy"]
            )).documented(["The query, ordered next by a SORTABLE field (`.sorted { $0.createdAt.descending }`)."]),
            SwiftDeclaration.function(SwiftFunctionDeclaration(
                access: access, kind: .function(name: "fetching"),
                parameters: [SwiftParameter(label: "_", name: "keys", type: "[Model.FieldKey]")],
                returnType: "Query",
                body: [
                    "var copy = self",
                    "var desired = keys + Model.cloudKitRequiredKeys.filter { !keys.contains($0) }",
                    "// A field that replaced another reads the retired one from records not migrated yet.",
                    "for key in desired {",
                    "    if let retired = Model.cloudKitMigratedKeys[key], !desired.contains(retired) { desired.append(retired) }",
                    "}",
                    "copy.desiredKeys = desired",
                    "return copy",
                ]
            )).documented(["The query, fetching only the fields `keys` (`desiredKeys`), the model's required fields,",
                           "without which its records do not read, and the retired fields they replaced."]),
        ]
        return SwiftDeclaration.struct(SwiftTypeDeclaration(
            access: access, name: "Query", genericParameters: ["Model: RecordModel"],
            conformances: ["Sendable", "Hashable"], members: members
        )).documented(["A typed query for records of `Model`: its predicate, sort descriptors and desired keys. Build",
                       "one with `Model.query { … }` or `Model.allRecords()`."])
    }
}
