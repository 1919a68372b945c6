import CKSchemaCore

/// What the naming rules ask of every field name, read in one pass over its bytes for all of them.
///
/// Six rules look at each of a schema's 40,000 field names (case collisions, Swift-name collisions, identifier
/// characters, reserved prefixes, CKRecord's property names); reading the name's bytes once per rule cost
/// 50 M instructions at CloudKit's limits (docs/lint-benchmark.md, round 4). The facts only rule names out: a
/// rule still reads the name itself for anything it reports.
struct FieldNameFacts: Sendable {
    /// One field name's facts.
    struct Name: Sendable {
        /// `NameHash.of(name, ignoringCase: true)`.
        var caselessHash: UInt64
        /// The name's length in UTF-8 bytes.
        var count: Int32
        /// The name's first byte (0 for an empty name).
        var first: UInt8
        /// Whether the name is its own derived lower-camel-case Swift name: an ASCII identifier that does not
        /// start with a digit or `CD_` and is not one the derivation renames (`_`, `self`, `Type`, `Protocol`).
        var isOwnSwiftName: Bool
        /// `SchemaIdentifier.isPlainIdentifier(name)`: an ASCII letter, then letters, digits and underscores.
        var isPlainIdentifier: Bool
        /// Whether the name starts with Core Data's `CD_`.
        var hasCoreDataPrefix: Bool
    }

    /// Per record type (in schema order), the facts of each field (in `fields` order).
    let types: [[Name]]

    init(_ schema: Schema) {
        types = schema.recordTypes.map { type in
            let fields = type.fields
            var names: [Name] = []
            names.reserveCapacity(fields.count)
            for index in fields.indices { names.append(Self.facts(of: fields[index].name)) }
            return names
        }
    }

    private static func facts(of name: String) -> Name {
        // Only names of these lengths can be ones the Swift-name derivation renames.
        let count = name.utf8.count
        let isRenamed = (count == 1 || count == 4 || count == 8) && SwiftIdentifiers.isRenamedWithUnderscore(name)
        var name = name  // contiguous bytes: `utf8`'s iterator costs ten times as much
        return name.withUTF8 { bytes in
            var caseless = FNV1a()
            var isIdentifierText = true  // only ASCII letters, digits and underscores
            for byte in bytes {
                let isUpper = byte &- UInt8(ascii: "A") < 26
                caseless.add(isUpper ? byte | 0x20 : byte)
                let isLetter = (byte | 0x20) &- UInt8(ascii: "a") < 26
                let isDigit = byte &- UInt8(ascii: "0") < 10
                isIdentifierText = isIdentifierText && (isLetter || isDigit || byte == UInt8(ascii: "_"))
            }
            let first = bytes.first ?? 0
            let hasCoreDataPrefix = bytes.count >= 3 && first == UInt8(ascii: "C") && bytes[1] == UInt8(ascii: "D")
                && bytes[2] == UInt8(ascii: "_")
            // As `SwiftIdentifiers.derivedName` works: `CD_` alone stays as it is, a longer `CD_…` is renamed.
            let isOwnSwiftName = !isRenamed && !bytes.isEmpty && isIdentifierText
                && (first >= UInt8(ascii: "A") || first == UInt8(ascii: "_")) && !(hasCoreDataPrefix && bytes.count > 3)
            return Name(caselessHash: caseless.value, count: Int32(clamping: bytes.count), first: first,
                        isOwnSwiftName: isOwnSwiftName,
                        isPlainIdentifier: isIdentifierText && (first | 0x20) &- UInt8(ascii: "a") < 26,
                        hasCoreDataPrefix: hasCoreDataPrefix)
        }
    }
}
