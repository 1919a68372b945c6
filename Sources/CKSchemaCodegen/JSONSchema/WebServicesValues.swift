import CKSchemaCore

/// JSON Schemas of CloudKit Web Services field values (the archived Web Services Reference, "Types and
/// Dictionaries"): how each CloudKit type travels in a record dictionary.
enum WebServicesValues {
    /// The shared definitions that value schemas refer to.
    static let definitions: [(String, JSONValue)] = [
        ("value.asset", .object([
            ("description", .string("An asset dictionary; downloadURL appears only on fetched records.")),
            ("type", .string("object")),
            ("properties", .object([
                ("fileChecksum", string), ("size", .object([("type", .string("integer")), ("minimum", .integer(0))])),
                ("referenceChecksum", string), ("wrappingKey", string), ("receipt", string),
                ("downloadURL", string),
            ])),
        ])),
        ("value.location", .object([
            ("description", .string("A location dictionary.")),
            ("type", .string("object")),
            ("properties", .object([
                ("latitude", .object([("type", .string("number")), ("minimum", .integer(-90)), ("maximum", .integer(90))])),
                ("longitude", .object([("type", .string("number")), ("minimum", .integer(-180)),
                                       ("maximum", .integer(180))])),
                ("horizontalAccuracy", number), ("verticalAccuracy", number), ("altitude", number),
                ("speed", number), ("course", number), ("timestamp", number),
            ])),
            ("required", .array([.string("latitude"), .string("longitude")])),
        ])),
        ("value.reference", .object([
            ("description", .string("A reference dictionary.")),
            ("type", .string("object")),
            ("properties", .object([
                ("recordName", .object([("type", .string("string")), ("minLength", .integer(1))])),
                ("zoneID", .object([
                    ("type", .string("object")),
                    ("properties", .object([("zoneName", string), ("ownerRecordName", string)])),
                ])),
                ("action", .object([("enum", .array(["NONE", "DELETE_SELF", "VALIDATE"].map(JSONValue.string)))])),
            ])),
            ("required", .array([.string("recordName")])),
        ])),
        ("value.int64", .object([
            ("description", .string("A 64-bit integer; a decimal string when the request sets numbersAsStrings.")),
            ("anyOf", .array([
                .object([("type", .string("integer")), ("minimum", .integer(Int64.min)), ("maximum", .integer(Int64.max))]),
                .object([("type", .string("string")), ("pattern", .string("^-?[0-9]{1,19}$"))]),
            ])),
        ])),
    ]

    private static let string = JSONValue.object([("type", .string("string"))])
    private static let number = JSONValue.object([("type", .string("number"))])

    /// The schema of one value (one list element for a list field).
    static func schema(for field: Field) -> JSONValue {
        switch field.metadata.logicalType {
        case .bool?:
            return .object([("enum", .array([.integer(0), .integer(1)]))])
        case .enumeration(let values)?:
            return .object([("enum", .array(values.map(JSONValue.string)))])
        case nil:
            break
        }
        switch field.type.primitive {
        case .string: return string
        case .int64, .number(preferredAs: .int64?): return reference("value.int64")
        case .double, .number: return number
        case .timestamp:
            return .object([("description", .string("Milliseconds since 1970-01-01T00:00:00Z.")),
                            ("type", .string("number"))])
        case .bytes: return .object([("type", .string("string")), ("contentEncoding", .string("base64"))])
        case .asset: return reference("value.asset")
        case .location: return reference("value.location")
        case .reference: return reference("value.reference")
        }
    }

    /// The `type` names a field of `type` may carry (`STRING`, `STRING_LIST`; NUMBER fields also carry the
    /// type they are preferred as).
    static func typeNames(for type: FieldType) -> [String] {
        var names: [String]
        switch type.primitive {
        case .number(let preference):
            let preferred = preference.map { [$0.rawValue, "NUMBER_" + $0.rawValue] } ?? ["INT64", "DOUBLE"]
            names = ["NUMBER", "NUMBER_INT64", "NUMBER_DOUBLE"] + preferred.filter { !$0.hasPrefix("NUMBER") }
        case .asset:
            names = ["ASSET", "ASSETID"]
        default:
            names = [type.primitive.keyword]
        }
        return type.isList ? names.map { $0 + "_LIST" } + ["LIST"] : names
    }

    private static func reference(_ definition: String) -> JSONValue {
        .object([("$ref", .string("#/$defs/" + definition))])
    }
}
