/// Turns CloudKit names into Swift identifiers: the one naming that `ckschema generate swift` declares with and
/// that lint's `swift_names_unique` predicts collisions with (a test holds them to the same answers).
///
/// The rules, in order (documented in `docs/generators.md`):
/// 0. Core Data's `CD_` prefix is dropped when the generator is asked to (its default), see `derivedName`.
/// 1. A name that is already a valid ASCII Swift identifier is kept as written.
/// 2. Any other name is split into words at every character other than an ASCII letter, digit or underscore,
///    and the words are joined in camel case (lower camel case for properties and enum cases, upper camel case
///    for types); a result starting with a digit gets a leading underscore. A name with no letter or digit has
///    no identifier.
/// 3. The few names that stay ambiguous even in backticks (`self`, `Type`, `Protocol`, `_`) get a trailing
///    underscore.
/// 4. Keywords are written in backticks where they are declared and used (`escaped(_:)`).
package enum SwiftIdentifiers {
    /// The case style for names that must be rebuilt from words.
    package enum Style: Sendable {
        /// `inProgress`: properties and enum cases.
        case lowerCamelCase
        /// `InProgress`: types.
        case upperCamelCase
    }

    /// Words that must be written in backticks to serve as identifiers. Contextual keywords are included where
    /// backticks are harmless, so that the list never needs to track the grammar exactly.
    package static let keywords: Set<String> = [
        "Any", "Self", "actor", "any", "as", "associatedtype", "async", "await", "borrowing", "break", "case",
        "catch", "class", "consume", "consuming", "continue", "default", "defer", "deinit", "do", "else", "enum",
        "extension", "fallthrough", "false", "fileprivate", "for", "func", "guard", "if", "import", "in", "init",
        "inout", "internal", "is", "let", "nil", "nonisolated", "open", "operator", "package", "precedencegroup",
        "private", "protocol", "public", "repeat", "rethrows", "return", "some", "static", "struct", "subscript",
        "super", "switch", "throw", "throws", "true", "try", "typealias", "var", "where", "while",
    ]

    /// Whether `name` stays ambiguous in some positions even in backticks (`x.self`, `T.Type`, `P.Protocol`,
    /// `_`), so that it gets a trailing underscore. Compared by length first: lint asks it of every name of a
    /// schema, and a set lookup hashed each one.
    package static func isRenamedWithUnderscore(_ name: String) -> Bool {
        switch name.utf8.count {
        case 1: name == "_"
        case 4: name == "self" || name == "Type"
        case 8: name == "Protocol"
        default: false
        }
    }

    /// Returns whether `name` is a valid ASCII Swift identifier (ignoring keywords). Reads the contiguous UTF-8:
    /// lint asks it for every name of a schema, and walking Unicode scalars costs ten times as much.
    package static func isValidIdentifier(_ name: String) -> Bool {
        var name = name
        return name.withUTF8 { bytes in
            guard let first = bytes.first, isIdentifierByte(first), !isDigit(first) else { return false }
            return bytes.allSatisfy(isIdentifierByte)
        }
    }

    /// The Swift name the generator derives from the CloudKit name `name` when no `swiftName` overrides it:
    /// `CD_` dropped when `stripsCoreDataPrefix` (and something follows it), then `identifier(for:style:)`.
    package static func derivedName(for name: String, style: Style, stripsCoreDataPrefix: Bool = true) -> String? {
        guard stripsCoreDataPrefix, hasCoreDataPrefix(name) else {
            return identifier(for: name, style: style)
        }
        return identifier(for: String(name.dropFirst(3)), style: style)
    }

    /// Returns the Swift identifier for the CloudKit name `name`, unescaped, or `nil` when `name` has no
    /// letter or digit to build one from.
    package static func identifier(for name: String, style: Style) -> String? {
        var result: String
        if isValidIdentifier(name) {
            result = name
        } else {
            let words = words(of: name)
            guard !words.isEmpty else { return nil }
            result = ""
            for (index, word) in words.enumerated() {
                result += index == 0 && style == .lowerCamelCase ? lowercasingFirst(word) : uppercasingFirst(word)
            }
            if let first = result.unicodeScalars.first, ("0"..."9").contains(first) { result = "_" + result }
        }
        if isRenamedWithUnderscore(result) { result += "_" }
        return result
    }

    /// Returns `identifier` as written in source: in backticks when it is a keyword.
    package static func escaped(_ identifier: String) -> String {
        keywords.contains(identifier) ? "`\(identifier)`" : identifier
    }

    /// Returns `identifier` with its first character upper-cased (`mood` → `Mood`), for names of types derived
    /// from property names.
    package static func uppercasingFirst(_ identifier: String) -> String {
        guard let first = identifier.first else { return identifier }
        return first.uppercased() + identifier.dropFirst()
    }

    /// Returns `identifier` with its first character lower-cased (`JournalEntry` → `journalEntry`), for case
    /// names derived from type names; names that stay ambiguous in backticks get a trailing underscore.
    package static func lowercasingFirstLetter(_ identifier: String) -> String {
        let lowered = lowercasingFirst(identifier)
        return isRenamedWithUnderscore(lowered) ? lowered + "_" : lowered
    }

    /// Returns "an" before a name that starts with a vowel letter, "a" otherwise, for generated doc comments.
    package static func article(for name: String) -> String {
        guard let first = name.first else { return "a" }
        return "AEIOUaeiou".contains(first) ? "an" : "a"
    }

    // MARK: - Helpers

    /// Whether `name` is `CD_` followed by something, read as bytes (`hasPrefix` compares Unicode text, at
    /// several times the cost, for every name lint derives).
    private static func hasCoreDataPrefix(_ name: String) -> Bool {
        var name = name
        return name.withUTF8 { bytes in
            bytes.count > 3 && bytes[0] == UInt8(ascii: "C") && bytes[1] == UInt8(ascii: "D")
                && bytes[2] == UInt8(ascii: "_")
        }
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || isDigit(byte) || byte == UInt8(ascii: "_")
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func isIdentifierHead(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_"
    }

    private static func words(of name: String) -> [String] {
        var words: [String] = []
        var current = ""
        for scalar in name.unicodeScalars {
            if isIdentifierHead(scalar) || ("0"..."9").contains(scalar) {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    private static func lowercasingFirst(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.lowercased() + word.dropFirst()
    }
}
