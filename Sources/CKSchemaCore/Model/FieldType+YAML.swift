extension FieldType {
    /// The type as the YAML schema format writes it: `string`, `list<timestamp>`, and `bool` (or
    /// `list<bool>`) for INT64 when `asBool` says the field holds the logical Boolean.
    package func yamlName(asBool: Bool = false) -> String {
        let element: String
        switch primitive {
        case .int64 where asBool: element = "bool"
        case .number: element = "number"
        default: element = primitive.keyword.lowercased()
        }
        return isList ? "list<\(element)>" : element
    }
}
