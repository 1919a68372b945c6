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
        var base = Substring(name)
        if base.hasPrefix("CD_"), base.count > 3 { base = base.dropFirst(3) }
        if isIdentifier(base) { return String(base) }
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

    private static func isIdentifier(_ name: Substring) -> Bool {
        guard let first = name.unicodeScalars.first, isIdentifierScalar(first), !("0"..."9").contains(first) else {
            return false
        }
        return name.unicodeScalars.allSatisfy(isIdentifierScalar)
    }

    private static func isIdentifierScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_"
    }
}
