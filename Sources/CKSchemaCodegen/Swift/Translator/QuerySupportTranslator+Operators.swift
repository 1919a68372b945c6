import CKSchemaCore

/// The typed queries' entry points, operators and value conformances, declared at the top level of the
/// generated file: each operator only on the index markers whose index serves it.
extension QuerySupportTranslator {
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
            SwiftDeclaration.property(SwiftPropertyDeclaration(
                access: access, isStatic: true, name: "cloudKitMigratedKeys", type: "[FieldKey: FieldKey]", getter: ["[:]"]
            )).documented(["No field replaced another: a model whose fields did declares its own."]),
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
                comparison("==", "The records whose field equals `value` (CloudKit documents no case folding for `==`: compare stored forms)."),
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
}
