internal import CKSchemaApp
internal import CKSchemaModels
internal import CKSchemaCore

/// Reads an XML property list (`<plist><dict>…`) through the XML scanner the Core Data reader uses: comments
/// are skipped, so a key inside `<!-- … -->` is not there; every value is located at its `<`.
enum XMLPropertyListReader {
    static func read(_ text: String, path: String) -> Result<PropertyListNode, PropertyListError> {
        let document = XMLScanner.scan(text, path: path)
        if let error = document.error {
            return .failure(PropertyListError("not a well-formed XML property list: \(error.message)", at: error.location))
        }
        var children = [[Int]](repeating: [], count: document.elements.count)
        var roots: [Int] = []
        for (index, element) in document.elements.enumerated() {
            if let parent = element.parent { children[parent].append(index) } else { roots.append(index) }
        }
        let start = SourceLocation(file: path, line: 1, column: 1)
        guard let root = roots.first else { return .failure(PropertyListError("not a property list: no element", at: start)) }
        let top = document.elements[root]
        guard top.name == "plist" else {
            return .failure(PropertyListError("not a property list: the root element is '<\(top.name)>', not '<plist>'",
                                              at: top.location))
        }
        guard let value = children[root].first else {
            return .failure(PropertyListError("the property list is empty", at: top.location))
        }
        var converter = Converter(elements: document.elements, children: children)
        return converter.node(value).mapError { $0 }
    }

    private struct Converter {
        let elements: [XMLElement]
        let children: [[Int]]

        mutating func node(_ index: Int) -> Result<PropertyListNode, PropertyListError> {
            let element = elements[index]
            let location = element.location
            switch element.name {
            case "string": return .success(PropertyListNode(.string(element.text), at: location))
            case "true": return .success(PropertyListNode(.bool(true), at: location))
            case "false": return .success(PropertyListNode(.bool(false), at: location))
            case "integer":
                guard let number = Int(element.text.trimmingSpace) else {
                    return .failure(PropertyListError("'\(element.text)' is not an integer", at: location))
                }
                return .success(PropertyListNode(.integer(number), at: location))
            case "real":
                guard let number = Double(element.text.trimmingSpace) else {
                    return .failure(PropertyListError("'\(element.text)' is not a number", at: location))
                }
                return .success(PropertyListNode(.real(number), at: location))
            case "date": return .success(PropertyListNode(.date(element.text.trimmingSpace), at: location))
            case "data": return .success(PropertyListNode(.data, at: location))
            case "array":
                var items: [PropertyListNode] = []
                for child in children[index] {
                    switch node(child) {
                    case .success(let item): items.append(item)
                    case .failure(let error): return .failure(error)
                    }
                }
                return .success(PropertyListNode(.array(items), at: location))
            case "dict":
                var entries: [PropertyListEntry] = []
                var pending: (key: String, location: SourceLocation)?
                for child in children[index] {
                    let item = elements[child]
                    if item.name == "key" {
                        if let pending {
                            return .failure(PropertyListError("the key '\(pending.key)' has no value", at: pending.location))
                        }
                        pending = (item.text, item.location)
                        continue
                    }
                    guard let key = pending else {
                        return .failure(PropertyListError("'<\(item.name)>' in a dictionary without a '<key>' before it",
                                                          at: item.location))
                    }
                    switch node(child) {
                    case .success(let value): entries.append(PropertyListEntry(key: key.key, keyLocation: key.location, value: value))
                    case .failure(let error): return .failure(error)
                    }
                    pending = nil
                }
                if let pending {
                    return .failure(PropertyListError("the key '\(pending.key)' has no value", at: pending.location))
                }
                return .success(PropertyListNode(.dictionary(entries), at: location))
            default:
                return .failure(PropertyListError("'<\(element.name)>' is not a property list element", at: location))
            }
        }
    }
}

extension String {
    /// Without leading and trailing white space.
    var trimmingSpace: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
