/// Static values through the index: what `Self.recordType`, `Foo.Keys.title`, `Field.title.rawValue` and a
/// protocol's requirement stand for, as far as the code writes them as literals.
extension DeclarationIndex {
    /// The string a member path names when written inside `scope`: a static constant (`Trip.recordType`,
    /// `Self.recordType`), an enum case's raw value (`Trip.Keys.startDate`, with or without `.rawValue`; a
    /// `String` enum's case without one is its name), or a global constant. `nil` when the code does not say.
    package func stringValue(of path: [String], from scope: String?) -> String? {
        var components = path
        if components.last == "rawValue" { components.removeLast() }
        guard let member = components.last else { return nil }
        var owner = Array(components.dropLast())
        if owner.first == "Self" {
            guard let scope else { return nil }
            owner.removeFirst()
            owner.insert(contentsOf: scope.split(separator: ".").map(String.init), at: 0)
        }
        if owner.isEmpty {
            // A bare name: a static of an enclosing type, else a global.
            for enclosing in Self.scopes(from: scope) where !enclosing.isEmpty {
                if let value = types[enclosing].flatMap({ stringValue(member, in: $0) }) { return value }
            }
            return globals[member]?.stringValue
        }
        guard let type = self.type(named: owner.joined(separator: "."), from: scope) else { return nil }
        return stringValue(member, in: type)
    }

    private func stringValue(_ member: String, in type: TypeDeclaration) -> String? {
        if let property = type.properties[member], property.isStatic || type.kind == nil {
            return property.stringValue
        }
        guard let found = type.cases.first(where: { $0.name == member }) else { return nil }
        if let raw = found.rawValue { return type.rawType == "String" ? raw : nil }
        return type.rawType == "String" ? member : nil
    }

    /// The types of the scanned code that conform to `protocolName` (directly, through an extension, a
    /// refining protocol or a superclass), by qualified name and sorted: where `T.recordType` in a generic
    /// over that protocol can come from.
    package func conformingTypes(to protocolName: String) -> [TypeDeclaration] {
        types.values.filter { $0.kind != .protocol && $0.kind != nil && conforms($0, to: protocolName) }
            .sorted { $0.qualifiedName < $1.qualifiedName }
    }
}
