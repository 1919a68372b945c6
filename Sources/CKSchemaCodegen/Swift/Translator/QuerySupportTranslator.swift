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

    private var ns: String { namespace }

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
                    "copy.desiredKeys = keys + Model.cloudKitRequiredKeys.filter { !keys.contains($0) }",
                    "return copy",
                ]
            )).documented(["The query, fetching only the fields `keys` (`desiredKeys`) and the model's required fields,",
                           "without which its records do not read."]),
        ]
        return SwiftDeclaration.struct(SwiftTypeDeclaration(
            access: access, name: "Query", genericParameters: ["Model: RecordModel"],
            conformances: ["Sendable", "Hashable"], members: members
        )).documented(["A typed query for records of `Model`: its predicate, sort descriptors and desired keys. Build",
                       "one with `Model.query { … }` or `Model.allRecords()`."])
    }

    // MARK: - Outside the namespace

    /// The entry points, operators and conformances, declared at the top level.
    var topLevelDeclarations: [SwiftDeclaration] {
        [entryPoints, allRecords, comparisons, beginsWith, ranges, listMembership, textSearch]
            + (includesLocation ? [distanceQuery, distanceSort] : [])
            + valueConformances + [rawValueConformance, recordIDConformance]
    }

    private func function(_ name: String, static isStatic: Bool = false, generic: [String] = [],
                          _ parameters: [SwiftParameter], returns returnType: String, where whereClause: String? = nil,
                          _ body: [String], _ doc: [String]) -> SwiftDeclaration {
        SwiftDeclaration.function(SwiftFunctionDeclaration(
            access: access, isStatic: isStatic, kind: .function(name: name), genericParameters: generic,
            parameters: parameters, returnType: returnType, whereClause: whereClause, body: body
        )).documented(doc)
    }

    private func predicateOf(_ format: String, _ arguments: String) -> String {
        "\(ns).Predicate(format: \(SwiftLiteral.string(format)), arguments: [\(arguments)])"
    }

    private var entryPoints: SwiftDeclaration {
        SwiftDeclaration.extension(SwiftExtensionDeclaration(extendedType: "\(ns).RecordModel", members: [
            function("query", static: true,
                     [SwiftParameter(label: "where", name: "predicate", type: "(QueryFields) -> \(ns).Predicate<Self>")],
                     returns: "\(ns).Query<Self>", ["\(ns).Query(predicate: predicate(QueryFields()))"],
                     ["A query for the records that match `predicate`, built from the fields queries may use:",
                      "`JournalEntry.query { $0.mood == .happy }`."]),
        ]))
    }

    private var allRecords: SwiftDeclaration {
        SwiftDeclaration.extension(SwiftExtensionDeclaration(
            extendedType: "\(ns).RecordModel where RecordIDIndex: \(ns).QueryableIndex", members: [
                function("allRecords", static: true, [], returns: "\(ns).Query<Self>",
                         ["\(ns).Query(predicate: \(predicateOf("TRUEPREDICATE", "")))"],
                         ["A query for every record of the type (`TRUEPREDICATE`), which needs `___recordID` QUERYABLE."]),
            ]))
    }

    /// `static func op(_ field: Self, _ value: Value) -> Predicate<Model>`, rendering `%K op %@`.
    private func comparison(_ op: String, _ doc: String) -> SwiftDeclaration {
        function(op, static: true, [SwiftParameter(label: "_", name: "field", type: "Self"),
                                    SwiftParameter(label: "_", name: "value", type: "Value")],
                 returns: "\(ns).Predicate<Model>",
                 [predicateOf("%K \(op) %@", ".key(field.key), Value.queryArgument(for: value)")], [doc])
    }

    private var comparisons: SwiftDeclaration {
        SwiftDeclaration.extension(SwiftExtensionDeclaration(
            extendedType: "\(ns).Field where Index: \(ns).QueryableIndex, Value: \(ns).QueryValueConvertible",
            members: [
                comparison("==", "The records whose field equals `value` (strings compare case-insensitively)."),
                comparison("!=", "The records whose field does not equal `value`."),
                function("isIn", [SwiftParameter(label: "_", name: "values", type: "[Value]")],
                         returns: "\(ns).Predicate<Model>",
                         [predicateOf("%K IN %@", ".key(key), .list(values.map(Value.queryArgument(for:)))")],
                         ["The records whose field equals one of `values` (`IN`)."]),
            ]))
    }

    private var beginsWith: SwiftDeclaration {
        SwiftDeclaration.extension(SwiftExtensionDeclaration(
            extendedType: "\(ns).Field where Index: \(ns).QueryableIndex, Value == String", members: [
                function("beginsWith", [SwiftParameter(label: "_", name: "prefix", type: "String")],
                         returns: "\(ns).Predicate<Model>", [predicateOf("%K BEGINSWITH %@", ".key(key), .string(prefix)")],
                         ["The records whose field starts with `prefix` (`BEGINSWITH`, case-sensitive)."]),
            ]))
    }

    private var ranges: SwiftDeclaration {
        let range = { (op: String, doc: String) in
            self.comparison(op, "The records whose field is \(doc) `value`.")
        }
        let sort = { (name: String, ascending: Bool, doc: String) in
            SwiftDeclaration.property(SwiftPropertyDeclaration(
                access: self.access, name: name, type: "\(self.ns).SortDescriptor<Model>",
                getter: ["\(self.ns).SortDescriptor(key: key, ascending: \(ascending))"]
            )).documented([doc])
        }
        return SwiftDeclaration.extension(SwiftExtensionDeclaration(
            extendedType: "\(ns).Field where Index: \(ns).SortableIndex, Value: \(ns).QueryValueConvertible",
            members: [
                range("<", "less than"), range("<=", "at most"), range(">", "greater than"), range(">=", "at least"),
                sort("ascending", true, "Sorts by the field, smallest first."),
                sort("descending", false, "Sorts by the field, largest first."),
            ]))
    }

    private var listMembership: SwiftDeclaration {
        SwiftDeclaration.extension(SwiftExtensionDeclaration(
            extendedType: "\(ns).ListField where Index: \(ns).QueryableIndex, Element: \(ns).QueryValueConvertible",
            members: [
                function("contains", [SwiftParameter(label: "_", name: "element", type: "Element")],
                         returns: "\(ns).Predicate<Model>",
                         [predicateOf("%K CONTAINS %@", ".key(key), Element.queryArgument(for: element)")],
                         ["The records whose list holds `element` (`CONTAINS`)."]),
                function("containsAny", [SwiftParameter(label: "of", name: "elements", type: "[Element]")],
                         returns: "\(ns).Predicate<Model>",
                         [predicateOf("ANY %K IN %@", ".key(key), .list(elements.map(Element.queryArgument(for:)))")],
                         ["The records whose list holds one of `elements` (`ANY … IN`)."]),
            ]))
    }

    private var textSearch: SwiftDeclaration {
        SwiftDeclaration.extension(SwiftExtensionDeclaration(
            extendedType: "\(ns).QueryFieldSet where TextIndex: \(ns).SearchableIndex", members: [
                function("text", [SwiftParameter(label: "containsAnyOf", name: "words", type: "String")],
                         returns: "\(ns).Predicate<Model>", [predicateOf("self CONTAINS %@", ".string(words)")],
                         ["The records whose SEARCHABLE fields hold any of the words in `words` (`self CONTAINS`:",
                          "whole words, ignoring case and diacritics)."]),
                function("text", [SwiftParameter(label: "containsAllOf", name: "words", type: "String")],
                         returns: "\(ns).Predicate<Model>", [
                            "let tokens = words.split(whereSeparator: \\.isWhitespace).map(String.init)",
                            "guard !tokens.isEmpty else { return text(containsAnyOf: words) }",
                            "return \(ns).Predicate(",
                            "    format: tokens.map { _ in \"self CONTAINS %@\" }.joined(separator: \" AND \"),",
                            "    arguments: tokens.map { .string($0) }",
                            ")",
                         ],
                         ["The records whose SEARCHABLE fields hold every word in `words`: one `self CONTAINS` per word."]),
            ]))
    }

    private var distanceQuery: SwiftDeclaration {
        SwiftDeclaration.extension(SwiftExtensionDeclaration(
            extendedType: "\(ns).Field where Index: \(ns).QueryableIndex, Value == \(ns).Location", members: [
                function("isWithin", [SwiftParameter(name: "kilometers", type: "Double"),
                                      SwiftParameter(label: "of", name: "location", type: "\(ns).Location")],
                         returns: "\(ns).Predicate<Model>",
                         [predicateOf("distanceToLocation:fromLocation:(%K, %@) < %@",
                                      ".key(key), .location(location), .double(kilometers)")],
                         ["The records whose location lies within `kilometers` of `location`",
                          "(`distanceToLocation:fromLocation:`; CloudKit resolves locations no finer than 10 km)."]),
            ]))
    }

    private var distanceSort: SwiftDeclaration {
        SwiftDeclaration.extension(SwiftExtensionDeclaration(
            extendedType: "\(ns).Field where Index: \(ns).SortableIndex, Value == \(ns).Location", members: [
                function("byDistance", [SwiftParameter(label: "from", name: "location", type: "\(ns).Location")],
                         returns: "\(ns).SortDescriptor<Model>",
                         ["\(ns).SortDescriptor(key: key, ascending: true, relativeLocation: location)"],
                         ["Sorts by distance from `location`, nearest first (`CKLocationSortDescriptor`)."]),
            ]))
    }

    private var valueConformances: [SwiftDeclaration] {
        let conformances: [(String, String)] = [
            ("String", ".string(value)"), ("Int64", ".int64(value)"), ("Double", ".double(value)"),
            ("Date", ".date(value)"), ("Bool", ".int64(value ? 1 : 0)"),
        ]
        return conformances.map { type, argument in
            SwiftDeclaration.extension(SwiftExtensionDeclaration(
                extendedType: type, conformances: ["\(ns).QueryValueConvertible"], members: [
                    queryArgumentFunction(type: type, body: argument, doc: "The value as a predicate argument."),
                ]))
        }
    }

    private func queryArgumentFunction(type: String, body: String, doc: String) -> SwiftDeclaration {
        SwiftDeclaration.function(SwiftFunctionDeclaration(
            access: access, isStatic: true, kind: .function(name: "queryArgument"),
            parameters: [SwiftParameter(label: "for", name: "value", type: type)], returnType: "\(ns).QueryArgument",
            body: [body]
        )).documented([doc])
    }

    private var rawValueConformance: SwiftDeclaration {
        SwiftDeclaration.extension(SwiftExtensionDeclaration(
            extendedType: "\(ns).QueryValueConvertible where Self: RawRepresentable, RawValue == String", members: [
                queryArgumentFunction(type: "Self", body: ".string(value.rawValue)",
                                      doc: "An enum value as its STRING raw value."),
            ]))
    }

    private var recordIDConformance: SwiftDeclaration {
        SwiftDeclaration.extension(SwiftExtensionDeclaration(
            extendedType: "\(ns).RecordID", conformances: ["\(ns).QueryValueConvertible"], members: [
                queryArgumentFunction(
                    type: "Self", body: ".recordID(recordName: value.recordName, zoneName: value.zoneName, ownerName: value.ownerName)",
                    doc: "The record, compared as a reference."),
            ]))
    }

    // MARK: - CloudKit

    /// Rendering queries as `CKQuery`, for platforms with CloudKit.
    var cloudKitDeclarations: [SwiftDeclaration] {
        var argumentCases = [
            "case .key(let key): NSString(string: key)",
            "case .string(let value): NSString(string: value)",
            "case .int64(let value): NSNumber(value: value)",
            "case .double(let value): NSNumber(value: value)",
            "case .date(let value): NSDate(timeIntervalSinceReferenceDate: value.timeIntervalSinceReferenceDate)",
            "case .recordID(let recordName, let zoneName, let ownerName):",
            "    CKRecord.Reference(",
            "        recordID: CKRecord.ID(",
            "            recordName: recordName, zoneID: CKRecordZone.ID(zoneName: zoneName, ownerName: ownerName)",
            "        ),",
            "        action: .none",
            "    )",
        ]
        if includesLocation { argumentCases.append("case .location(let value): value.clLocation") }
        argumentCases.append("case .list(let values): NSArray(array: values.map(\\.object))")
        let sortBody = includesLocation ? [
            "if let relativeLocation {",
            "    return CKLocationSortDescriptor(key: key, relativeLocation: relativeLocation.clLocation)",
            "}",
            "return NSSortDescriptor(key: key, ascending: ascending)",
        ] : ["NSSortDescriptor(key: key, ascending: ascending)"]
        return [
            SwiftDeclaration.extension(SwiftExtensionDeclaration(extendedType: "\(ns).Query", members: [
                SwiftDeclaration.property(SwiftPropertyDeclaration(
                    access: access, name: "ckQuery", type: "CKQuery",
                    getter: [
                        "let query = CKQuery(recordType: Model.recordType, predicate: predicate.nsPredicate)",
                        "if !sortDescriptors.isEmpty {",
                        "    query.sortDescriptors = sortDescriptors.map(\\.nsSortDescriptor)",
                        "}",
                        "return query",
                    ]
                )).documented(["The `CKQuery`: the record type, the predicate and the sort descriptors."]),
                SwiftDeclaration.property(SwiftPropertyDeclaration(
                    access: access, name: "ckDesiredKeys", type: "[CKRecord.FieldKey]?",
                    getter: ["desiredKeys?.map(\\.rawValue)"]
                )).documented(["The desired keys as CloudKit names, for `CKQueryOperation.desiredKeys` or",
                               "`CKDatabase.records(matching:inZoneWith:desiredKeys:resultsLimit:)`; `nil` for every field."]),
            ])),
            SwiftDeclaration.extension(SwiftExtensionDeclaration(extendedType: "\(ns).Predicate", members: [
                SwiftDeclaration.property(SwiftPropertyDeclaration(
                    access: access, name: "nsPredicate", type: "NSPredicate",
                    getter: ["NSPredicate(format: format, argumentArray: arguments.map(\\.object))"]
                )).documented(["The `NSPredicate`, from the format string and its arguments."]),
            ])),
            SwiftDeclaration.extension(SwiftExtensionDeclaration(extendedType: "\(ns).SortDescriptor", members: [
                SwiftDeclaration.property(SwiftPropertyDeclaration(
                    access: access, name: "nsSortDescriptor", type: "NSSortDescriptor", getter: sortBody
                )).documented(["The `NSSortDescriptor` (a `CKLocationSortDescriptor` for a distance sort)."]),
            ])),
            SwiftDeclaration.extension(SwiftExtensionDeclaration(extendedType: "\(ns).QueryArgument", members: [
                SwiftDeclaration.property(SwiftPropertyDeclaration(
                    access: access, name: "object", type: "Any",
                    getter: ["switch self {"] + argumentCases + ["}"]
                )).documented(["The object `NSPredicate` takes for the argument."]),
            ])),
        ]
    }
}
