/// The Swift names `ckschema generate swift` derives from CloudKit names (docs/generators.md), reproduced so
/// that lint can report collisions before generation does.
///
/// A name that is already an ASCII Swift identifier is kept (after dropping Core Data's `CD_` prefix, as the
/// generator does by default); any other is split into words at every character other than a letter, digit or
/// underscore and joined in camel case, with a leading underscore if it would start with a digit.
enum SwiftNames {
    /// Whether a name becomes a type (UpperCamelCase) or a property (lowerCamelCase).
    enum Style {
        case type
        case property
    }

    /// The Swift name of `name`, or `nil` when it has no letter or digit to build one from.
    static func name(for name: String, style: Style) -> String? {
        let stripsPrefix = hasASCIIPrefix(name, "CD_") && name.utf8.count > 3
        // Nearly every name is an identifier already and keeps its text: no copy.
        if !stripsPrefix, isIdentifier(name) { return name }
        let base = stripsPrefix ? Substring(name.utf8.dropFirst(3)) : Substring(name)
        if isIdentifier(base.utf8) { return String(base) }
        var result = ""
        var word = ""
        func flush() {
            guard let first = word.first else { return }
            let head = result.isEmpty && style == .property ? first.lowercased() : first.uppercased()
            result += head + word.dropFirst()
            word = ""
        }
        for scalar in base.unicodeScalars {
            if isIdentifierScalar(scalar) {
                word.unicodeScalars.append(scalar)
            } else {
                flush()
            }
        }
        flush()
        guard let first = result.unicodeScalars.first else { return nil }
        return ("0"..."9").contains(first) ? "_" + result : result
    }

    /// `isIdentifier` over the string's contiguous UTF-8: lint asks it for every name, and walking `utf8`
    /// byte by byte costs ten times as much.
    private static func isIdentifier(_ name: String) -> Bool {
        var name = name
        return name.withUTF8 { isIdentifier($0) }
    }

    private static func isIdentifier(_ bytes: some Collection<UInt8>) -> Bool {
        guard let first = bytes.first, isIdentifierByte(first), !isDigit(first) else { return false }
        return bytes.allSatisfy(isIdentifierByte)
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || isDigit(byte) || byte == UInt8(ascii: "_")
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func isIdentifierScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_"
    }
}
