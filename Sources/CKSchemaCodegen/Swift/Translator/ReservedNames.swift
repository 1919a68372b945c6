/// Names the generated Swift code needs for itself, with what each is for (quoted in diagnostics).
enum ReservedNames {
    /// Top-level names: types and modules the generated code refers to unqualified, which a model of the same
    /// name would hide.
    static let topLevel: [String: String] = {
        var names: [String: String] = [:]
        let swift = [
            "Any", "Array", "Bool", "CaseIterable", "Codable", "CustomStringConvertible", "Decodable", "Double",
            "Encodable", "Equatable", "Error", "Hashable", "Hasher", "Int64", "Never", "Optional", "RawRepresentable",
            "Sendable", "String", "Swift", "Void",
        ]
        for name in swift { names[name] = "Swift's '\(name)'" }
        for name in ["Foundation", "Data", "Date", "URL", "UUID", "NSKeyedArchiver", "NSKeyedUnarchiver"] {
            names[name] = "Foundation's '\(name)'"
        }
        for name in ["CloudKit", "CKAsset", "CKRecord", "CKRecordKeyValueSetting", "CKRecordValueProtocol",
                     "CKRecordZone"] {
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
    ]

    /// Member names every generated enum declares.
    static let enumerationMembers: [String: String] = [
        "unrecognized": "values the schema does not list",
        "knownCases": "the list of listed values",
        "rawValue": "the stored value",
        "hashValue": "Hashable",
    ]
}
