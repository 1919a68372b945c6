import CKSchemaCore

/// Names the generated Swift code needs for itself, with what each is for (quoted in diagnostics).
enum ReservedNames {
    /// Top-level names: types and modules the generated code refers to unqualified, which a model of the same
    /// name would hide.
    static let topLevel: [String: String] = {
        var names: [String: String] = [:]
        let swift = [
            "Any", "Array", "Bool", "CaseIterable", "Codable", "CustomStringConvertible", "Decodable", "Double",
            "Encodable", "Equatable", "Error", "Hashable", "Hasher", "Int64", "Never", "Optional", "RawRepresentable",
            "Sendable", "String", "Swift", "Void", "Set", "Sequence", "KeyedDecodingContainer",
            "AnyHashable", "Comparable", "AdditiveArithmetic", "WritableKeyPath",
        ]
        for name in swift { names[name] = "Swift's '\(name)'" }
        for name in ["Foundation", "Data", "Date", "URL", "UUID", "NSKeyedArchiver", "NSKeyedUnarchiver", "NSPredicate",
                     "NSSortDescriptor", "NSString", "NSNumber", "NSDate", "NSArray"] {
            names[name] = "Foundation's '\(name)'"
        }
        for name in ["CloudKit", "CKAsset", "CKRecord", "CKRecordKeyValueSetting", "CKRecordValueProtocol",
                     "CKRecordZone", "CKQuery", "CKLocationSortDescriptor", "CKError", "CKSyncEngine",
                     "CKCurrentUserDefaultName"] {
            names[name] = "CloudKit's '\(name)'"
        }
        for name in ["CoreLocation", "CLLocation", "CLLocationCoordinate2D"] {
            names[name] = "Core Location's '\(name)'"
        }
        return names
    }()

    /// Member names every model declares or inherits.
    static let modelMembers: [String: String] = [
        "recordType": "the record type constant",
        "recordID": "the record ID property",
        "cloudKitSystemFields": "the archived system fields",
        "ID": "the record ID type",
        "FieldKey": "the field-key enum",
        "CodingKeys": "Codable's coding keys",
        "hashValue": "Hashable",
        "rawValue": "the field-key enum's raw values",
        "allCases": "the field-key enum's list of cases",
        "makeRecord": "writing records",
        "write": "writing records",
        "cloudKitChanges": "the fields saving writes",
        "cloudKitDatabase": "the database the schema names",
        "cloudKitZoneName": "the zone the schema names",
        "cloudKitRequiredKeys": "the fields every fetch needs",
        "QueryFields": "the fields typed queries use",
        "RecordIDIndex": "the index of the record ID, for queries",
    ]

    /// The system fields queries can use, by their `CKRecord` names, in the order `QueryFields` lists them.
    static let systemQueryFields: [(field: SystemField, name: String)] = [
        (.recordID, "recordID"),
        (.createTime, "creationDate"),
        (.modTime, "modificationDate"),
        (.createdBy, "creatorUserRecordID"),
        (.modifiedBy, "lastModifiedUserRecordID"),
    ]

    /// Case names `CloudKitSchema.AnyModel` and `AnyModelID` need for themselves (their members); a model whose
    /// case would take one gets `Record` appended.
    static let anyModelMembers: Set<String> = [
        "unknown", "makeRecord", "recordType", "typedID", "didSave", "markChanged", "forgetSystemFields", "ckRecordID",
    ]

    /// Member names every generated enum declares.
    static let enumerationMembers: [String: String] = [
        "unrecognized": "values the schema does not list",
        "knownCases": "the list of listed values",
        "rawValue": "the stored value",
        "hashValue": "Hashable",
    ]
}
