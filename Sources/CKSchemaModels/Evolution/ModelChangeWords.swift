import CKSchemaCore

/// How a change names the values it compares: `Int (INT64)`, `to-many Person`, `optional`, `default ""`.
enum ModelChangeWords {
    /// The attribute's type as written (Swift, unwrapped; Core Data's type name), else the model's own word.
    static func typeName(of attribute: ModelAttribute) -> String {
        guard let declared = attribute.declaredType else { return attribute.type.rawValue }
        var text = Substring(declared)
        while text.hasSuffix("?") || text.hasSuffix("!") { text = text.dropLast() }
        if text.hasPrefix("Optional<"), text.hasSuffix(">") { text = text.dropFirst("Optional<".count).dropLast() }
        return String(text)
    }

    /// Whether two attributes are declared with one type, however it is spelled.
    static func sameType(_ first: ModelAttribute, _ second: ModelAttribute) -> Bool {
        first.type == second.type && swiftSpelling(typeName(of: first)) == swiftSpelling(typeName(of: second))
    }

    /// One spelling of a Swift type, so that writing it differently is no change: no spaces, no `Swift.` or
    /// `Foundation.` prefix, `Array<T>` as `[T]`, not optional (`T?`, `T!`, `Optional<T>`).
    static func swiftSpelling(_ type: String) -> String {
        var text = type.filter { !$0.isWhitespace }.replacing("Swift.", with: "").replacing("Foundation.", with: "")
        while text.hasSuffix("?") || text.hasSuffix("!") { text.removeLast() }
        for (generic, open, close) in [("Optional<", "", ""), ("Array<", "[", "]")] where text.hasPrefix(generic) && text.hasSuffix(">") {
            text = open + text.dropFirst(generic.count).dropLast() + close
        }
        return text
    }

    /// `Int (INT64)`: the type and the CloudKit field type it is stored as.
    static func type(of attribute: ModelAttribute) -> String {
        "\(typeName(of: attribute)) (\(fieldType(of: attribute)))"
    }

    /// The CloudKit field type an attribute is stored as (`ENCRYPTED STRING`), or why it has none.
    static func fieldType(of attribute: ModelAttribute) -> String {
        guard let type = CloudKitFieldMapping.fieldType(of: attribute.type) else {
            return attribute.type == .unresolved ? "unknown field type" : "no CloudKit field"
        }
        return attribute.allowsCloudEncryption ? "ENCRYPTED \(type)" : type.description
    }

    /// `to-one Person`, `to-many Tag`.
    static func shape(of relationship: ModelRelationship) -> String {
        "\(cardinality(relationship.isToMany)) \(relationship.destination)"
    }

    static func cardinality(_ toMany: Bool) -> String {
        toMany ? "to-many" : "to-one"
    }

    static func optionality(_ optional: Bool) -> String {
        optional ? "optional" : "non-optional"
    }

    static func defaultValue(of attribute: ModelAttribute) -> String {
        guard attribute.hasDefault else { return "no default" }
        return attribute.defaultValue.map { "default \($0)" } ?? "a default"
    }

    static func encryption(_ encrypted: Bool) -> String {
        encrypted ? "encrypted (allowsCloudEncryption)" : "not encrypted"
    }

    static func externalStorage(_ external: Bool) -> String {
        external ? "external storage" : "stored in the database"
    }
}
