/// The identifier rules of the CloudKit Schema Language, shared by the `.ckdb` parser, the printer and the
/// lint rules that judge names (docs/cloudkit-facts.md §2.2, rules 2–4).
package enum SchemaIdentifier {
    /// The words Apple reserves: an identifier equal to one of them, ignoring case, must be double-quoted.
    package static let reservedWords: [String] = ["grant", "preferred", "queryable", "sortable", "searchable"]

    /// Returns whether `name` equals a reserved word, ignoring case.
    package static func isReservedWord(_ name: String) -> Bool {
        // Compared byte by byte, without lower-casing into a new string: parsers ask this for every name.
        let count = name.utf8.count
        // The reserved words' lengths, as bits: nearly every name is ruled out here, before any byte is read.
        guard count < 64, reservedWordLengths & (1 << UInt64(count)) != 0 else { return false }
        return reservedWordBytes.contains { word in
            // `| 0x20` lower-cases an ASCII letter, and maps no other byte onto a lower-case letter.
            word.count == count && zip(word, name.utf8).allSatisfy { expected, byte in expected == byte | 0x20 }
        }
    }

    private static let reservedWordBytes: [[UInt8]] = reservedWords.map { Array($0.utf8) }
    private static let reservedWordLengths: UInt64 = reservedWords.reduce(0) { $0 | 1 << UInt64($1.utf8.count) }

    /// Returns whether `name` follows the user-identifier rule `^[A-Za-z][A-Za-z0-9_]*$`.
    package static func isPlainIdentifier(_ name: String) -> Bool {
        var name = name  // contiguous bytes: lint asks this for every name, and `utf8`'s iterator costs 10×
        return name.withUTF8 { bytes in
            guard let first = bytes.first, isASCIILetter(first) else { return false }
            return bytes.dropFirst().allSatisfy { isASCIILetter($0) || isASCIIDigit($0) || $0 == UInt8(ascii: "_") }
        }
    }

    /// Returns whether `name` must be written in double quotes: it breaks the identifier rule (a leading
    /// underscore, a dot, any other character) or equals a reserved word.
    package static func needsQuotes(_ name: String) -> Bool {
        !isPlainIdentifier(name) || isReservedWord(name)
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    private static func isASCIIDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
