import CKSchemaCore

/// The `type` tags records may carry: Web Services names (`STRING`, `INT64_LIST`, `ASSETID`,
/// `NUMBER_INT64`) and cktool names (`stringType`), and which of them agree with a schema field type.
enum TypeTags {
    /// Web Services scalar tags (docs/cloudkit-facts.md §6.1).
    static let webServicesScalarTags = [
        "ASSET", "ASSETID", "BYTES", "DOUBLE", "INT64", "LOCATION", "NUMBER_DOUBLE", "NUMBER_INT64", "REFERENCE",
        "STRING", "TIMESTAMP",
    ]

    /// Every Web Services tag: the scalars, their `_LIST` forms and the generic `LIST`.
    static let allWebServicesTags = webServicesScalarTags + webServicesScalarTags.map { $0 + "_LIST" } + ["LIST"]

    /// cktool names Apple documents or that were observed in use (rule 36).
    static let documentedCKToolTags = [
        "assetListType", "assetType", "doubleType", "int64Type", "locationType", "referenceType", "stringListType",
        "stringType", "timestampType",
    ]

    /// cktool names inferred from CloudKit's internal type enum; accepted with a warning.
    static let inferredCKToolTags = [
        "bytesListType", "bytesType", "doubleListType", "int64ListType", "locationListType", "referenceListType",
        "timestampListType",
    ]

    /// Every cktool name: the documented ones, then the inferred ones.
    static let allCKToolTags = documentedCKToolTags + inferredCKToolTags

    /// A bit mask with bit `i` set for each of `tags` at index `i` of `all`.
    static func mask(of tags: [[UInt8]], in all: [String]) -> UInt64 {
        var mask: UInt64 = 0
        for (index, tag) in all.enumerated() where tags.contains(Array(tag.utf8)) {
            mask |= 1 << UInt64(index)
        }
        return mask
    }

    /// The Web Services tags that agree with `type`.
    static func webServicesTags(for type: FieldType) -> [String] {
        let scalars: [String] = switch type.primitive {
        case .asset: ["ASSET", "ASSETID"]
        case .number(preferredAs: nil): ["NUMBER_INT64", "NUMBER_DOUBLE"]
        case .number(preferredAs: .int64): ["NUMBER_INT64", "INT64"]
        case .number(preferredAs: .double): ["NUMBER_DOUBLE", "DOUBLE"]
        default: [type.primitive.keyword]
        }
        return type.isList ? scalars.map { $0 + "_LIST" } + ["LIST"] : scalars
    }

    /// The cktool type names that agree with `type`.
    static func cktoolTags(for type: FieldType) -> [String] {
        let stems: [String] = switch type.primitive {
        case .asset: ["asset"]
        case .bytes: ["bytes"]
        case .double, .number(preferredAs: .double): ["double"]
        case .int64, .number(preferredAs: .int64): ["int64"]
        case .number(preferredAs: nil): ["int64", "double"]
        case .location: ["location"]
        case .reference: ["reference"]
        case .string: ["string"]
        case .timestamp: ["timestamp"]
        }
        return stems.map { $0 + (type.isList ? "ListType" : "Type") }
    }
}
