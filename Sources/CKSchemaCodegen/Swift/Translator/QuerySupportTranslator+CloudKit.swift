import CKSchemaCore

/// Typed queries rendered for CloudKit: `CKQuery`, `NSPredicate` arguments and sort descriptors, inside
/// `#if canImport(CloudKit)`.
extension QuerySupportTranslator {
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
