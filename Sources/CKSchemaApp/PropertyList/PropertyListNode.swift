package import CKSchemaCore

/// One value of a property list (XML, binary `bplist00` or the old-style ASCII form of `project.pbxproj`), with
/// where it is written when the form has positions (binary lists locate every value at the file's start).
package struct PropertyListNode: Sendable {
    package enum Value: Sendable {
        case string(String)
        case bool(Bool)
        case integer(Int)
        case real(Double)
        /// A `<date>`, kept as written.
        case date(String)
        case data
        case array([PropertyListNode])
        case dictionary([PropertyListEntry])
    }

    package var value: Value
    package var location: SourceLocation?

    package init(_ value: Value, at location: SourceLocation?) {
        self.value = value
        self.location = location
    }

    /// The entry of a dictionary named `key` (the first of a repeated key); `nil` for other values.
    package func entry(_ key: String) -> PropertyListEntry? {
        guard case .dictionary(let entries) = value else { return nil }
        return entries.first { $0.key == key }
    }

    package subscript(key: String) -> PropertyListNode? { entry(key)?.value }

    package var entries: [PropertyListEntry] {
        if case .dictionary(let entries) = value { entries } else { [] }
    }

    package var items: [PropertyListNode] {
        if case .array(let items) = value { items } else { [] }
    }

    package var string: String? {
        if case .string(let text) = value { text } else { nil }
    }

    package var isDictionary: Bool {
        if case .dictionary = value { true } else { false }
    }

    /// The strings of an array (a single string counts as a list of one; other items are skipped).
    package var strings: [(text: String, location: SourceLocation?)] {
        switch value {
        case .string(let text): [(text, location)]
        case .array(let items): items.compactMap { item in item.string.map { ($0, item.location) } }
        default: []
        }
    }

    /// The value's kind for messages: `a string`, `an array`.
    package var kindDescription: String {
        switch value {
        case .string: "a string"
        case .bool: "a boolean"
        case .integer, .real: "a number"
        case .date: "a date"
        case .data: "data"
        case .array: "an array"
        case .dictionary: "a dictionary"
        }
    }
}

/// A dictionary's key and value, with where the key is written.
package struct PropertyListEntry: Sendable {
    package var key: String
    package var keyLocation: SourceLocation?
    package var value: PropertyListNode

    package init(key: String, keyLocation: SourceLocation?, value: PropertyListNode) {
        self.key = key
        self.keyLocation = keyLocation
        self.value = value
    }
}

/// Why a property list could not be read, located where reading stopped.
package struct PropertyListError: Error, Sendable {
    package var message: String
    package var location: SourceLocation

    package init(_ message: String, at location: SourceLocation) {
        self.message = message
        self.location = location
    }
}
