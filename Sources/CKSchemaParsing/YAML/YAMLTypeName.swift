import CKSchemaCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A field type as the YAML format writes it: `string`, `BOOL`, `list<timestamp>`, `list < bool >`.
struct YAMLTypeName: Equatable {
    /// The CloudKit type (a `bool` is `INT64`).
    var type: FieldType
    /// Whether the name was `bool` (or `list<bool>`), the logical Boolean stored as INT64 0/1.
    var isBool: Bool

    /// The names of the primitive types, in the order messages list them.
    static let primitiveNames = [
        "string", "int64", "double", "timestamp", "bytes", "asset", "location", "reference", "number", "bool",
    ]

    /// What reading a type name found.
    enum Parsed: Equatable {
        case known(YAMLTypeName)
        /// Not a type; `hint` says what the writer probably meant (`did you mean 'bool'?`).
        case unknown(hint: String?)
        /// `list<list<…>>`: CloudKit lists hold primitive values only.
        case nestedList
    }

    /// Reads a type name, ignoring case and spaces around and inside `list<…>`.
    static func parse(_ text: String) -> Parsed {
        if let known = canonical(text) { return .known(known) }
        let name = isCanonical(text) ? text : squeezed(text)
        guard let element = listElement(of: name) else {
            if let primitive = primitive(named: name) { return .known(primitive) }
            return .unknown(hint: hint(for: name))
        }
        if listElement(of: element) != nil { return .nestedList }
        if let primitive = primitive(named: element) {
            return .known(YAMLTypeName(type: .list(primitive.type), isBool: primitive.isBool))
        }
        if let encrypted = encryptedHint(for: element, inList: true) { return .unknown(hint: encrypted) }
        return .unknown(hint: suggestion(for: element).map { "did you mean 'list<\($0)>'?" })
    }

    /// The type of a name written as `convert` writes it (`string`, `list<int64>`), matched on its bytes in
    /// one pass, without building the element's string; `nil` for any other spelling, which `parse` reads
    /// the general way. Asked for every field of a schema.
    private static func canonical(_ text: String) -> YAMLTypeName? {
        var text = text
        return text.withUTF8 { bytes -> YAMLTypeName? in
            guard bytes.count >= 6, bytes[0] == UInt8(ascii: "l"), bytes[1] == UInt8(ascii: "i"),
                  bytes[2] == UInt8(ascii: "s"), bytes[3] == UInt8(ascii: "t"), bytes[4] == UInt8(ascii: "<"),
                  bytes[bytes.count - 1] == UInt8(ascii: ">") else {
                return primitive(spelled: bytes)
            }
            return primitive(spelled: UnsafeBufferPointer(rebasing: bytes[5..<(bytes.count - 1)]))
                .map { YAMLTypeName(type: .list($0.type), isBool: $0.isBool) }
        }
    }

    /// The primitive types by their exact lower-case spelling.
    private static let spellings: [(name: StaticString, type: YAMLTypeName)] = [
        ("string", YAMLTypeName(type: .string, isBool: false)), ("int64", YAMLTypeName(type: .int64, isBool: false)),
        ("double", YAMLTypeName(type: .double, isBool: false)),
        ("timestamp", YAMLTypeName(type: .timestamp, isBool: false)),
        ("bytes", YAMLTypeName(type: .bytes, isBool: false)), ("asset", YAMLTypeName(type: .asset, isBool: false)),
        ("location", YAMLTypeName(type: .location, isBool: false)),
        ("reference", YAMLTypeName(type: .reference, isBool: false)),
        ("number", YAMLTypeName(type: .number, isBool: false)), ("bool", YAMLTypeName(type: .int64, isBool: true)),
    ]

    /// The primitive type spelled exactly `bytes`, if any.
    private static func primitive(spelled bytes: UnsafeBufferPointer<UInt8>) -> YAMLTypeName? {
        guard let base = bytes.baseAddress else { return nil }
        for spelling in spellings where spelling.name.utf8CodeUnitCount == bytes.count
            && memcmp(base, spelling.name.utf8Start, bytes.count) == 0 {
            return spelling.type
        }
        return nil
    }

    private static func primitive(named name: String) -> YAMLTypeName? {
        // Dispatch on the first byte so that each name costs one string comparison.
        let type: FieldType
        switch name.utf8.first {
        case UInt8(ascii: "a") where name == "asset": type = .asset
        case UInt8(ascii: "b") where name == "bytes": type = .bytes
        case UInt8(ascii: "b") where name == "bool": return YAMLTypeName(type: .int64, isBool: true)
        case UInt8(ascii: "d") where name == "double": type = .double
        case UInt8(ascii: "i") where name == "int64": type = .int64
        case UInt8(ascii: "l") where name == "location": type = .location
        case UInt8(ascii: "n") where name == "number": type = .number
        case UInt8(ascii: "r") where name == "reference": type = .reference
        case UInt8(ascii: "s") where name == "string": type = .string
        case UInt8(ascii: "t") where name == "timestamp": type = .timestamp
        default: return nil
        }
        return YAMLTypeName(type: type, isBool: false)
    }

    /// The element of `list<element>`, if `name` has that shape.
    private static func listElement(of name: String) -> String? {
        // Compared as bytes: `hasPrefix`/`hasSuffix` compare Unicode text, at several times the cost, and a
        // fifth of a schema's fields can be lists.
        guard name.utf8.first == UInt8(ascii: "l") else { return nil }
        var name = name
        return name.withUTF8 { bytes in
            guard bytes.count >= 6, bytes[1] == UInt8(ascii: "i"), bytes[2] == UInt8(ascii: "s"),
                  bytes[3] == UInt8(ascii: "t"), bytes[4] == UInt8(ascii: "<"),
                  bytes[bytes.count - 1] == UInt8(ascii: ">") else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[5..<(bytes.count - 1)]), as: UTF8.self)
        }
    }

    /// Whether `text` is already lower-case ASCII without blanks, as nearly every type name is.
    private static func isCanonical(_ text: String) -> Bool {
        var text = text  // contiguous bytes: asked for every field, so not through `utf8`'s iterator
        return text.withUTF8 { $0.allSatisfy { $0 > 0x20 && $0 < 0x7F && !($0 >= 0x41 && $0 <= 0x5A) } }
    }

    /// Lower-cases the name and removes all white space, so `List < String >` reads as `list<string>`.
    private static func squeezed(_ text: String) -> String {
        String(text.lowercased().unicodeScalars.filter { !$0.properties.isWhitespace })
    }

    /// Names from other languages and databases, by the YAML type they mean.
    private static let commonMistakes: [String: String] = [
        "boolean": "bool", "bit": "bool",
        "int": "int64", "integer": "int64", "int32": "int64", "int16": "int64", "int8": "int64", "long": "int64",
        "uint": "int64", "uint64": "int64", "bigint": "int64", "counter": "int64",
        "float": "double", "float32": "double", "float64": "double", "decimal": "double", "real": "double",
        "date": "timestamp", "datetime": "timestamp", "time": "timestamp", "instant": "timestamp",
        "data": "bytes", "blob": "bytes", "binary": "bytes", "byte": "bytes",
        "text": "string", "str": "string", "char": "string", "varchar": "string", "uuid": "string",
        "url": "string", "enum": "string",
        "file": "asset", "image": "asset", "ckasset": "asset",
        "ref": "reference", "record": "reference", "ckreference": "reference",
        "geo": "location", "coordinate": "location", "coordinates": "location", "cllocation": "location",
    ]

    private static func hint(for name: String) -> String? {
        if let encrypted = encryptedHint(for: name, inList: false) { return encrypted }
        return suggestion(for: name).map { "did you mean '\($0)'?" }
    }

    /// For `encrypted string`, the advice to write the encryption as its own key.
    private static func encryptedHint(for name: String, inList: Bool) -> String? {
        guard name.hasPrefix("encrypted"), case .known(let element) = parse(String(name.dropFirst(9))),
              !element.type.isList else { return nil }
        let elementName = element.type.yamlName(asBool: element.isBool)
        return "write 'type: \(inList ? "list<\(elementName)>" : elementName)' and 'encrypted: true'"
    }

    private static func suggestion(for name: String) -> String? {
        if let mapped = commonMistakes[name] { return mapped }
        for (open, close) in [("array<", ">"), ("[", "]")] where name.hasPrefix(open) && name.hasSuffix(close) {
            let element = String(name.dropFirst(open.count).dropLast(close.count))
            if let known = primitive(named: element) ?? commonMistakes[element].flatMap(primitive(named:)) {
                return "list<\(known.type.yamlName(asBool: known.isBool))>"
            }
        }
        return YAMLSuggestions.closest(name, among: primitiveNames)
    }
}
