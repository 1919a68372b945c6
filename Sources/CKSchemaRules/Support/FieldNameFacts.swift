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
        types = Self.byteClasses.withUnsafeBufferPointer { byteClasses in
            schema.recordTypes.map { type in
                let fields = type.fields
                var names: [Name] = []
                names.reserveCapacity(fields.count)
                for index in fields.indices { names.append(Self.facts(of: fields[index].name, byteClasses)) }
                return names
            }
        }
    }

    /// For each byte value, the byte lower-cased if it is an ASCII capital (the low 8 bits) and whether it may
    /// stand in an identifier (`identifierBit`): one load a byte instead of five comparisons, which cost 26
    /// instructions a byte, 34 M on names of 5 to 60 characters (docs/lint-benchmark.md, round 5).
    private static let byteClasses: [UInt16] = (0...255).map { (value: Int) -> UInt16 in
        let byte = UInt8(value)
        let isIdentifierByte = (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10
            || byte == UInt8(ascii: "_")
        return UInt16(NameHash.folded(byte)) | (isIdentifierByte ? identifierBit : 0)
    }

    /// The bit of `byteClasses` set for ASCII letters, digits and underscores.
    private static let identifierBit: UInt16 = 0x100

    private static func facts(of name: String, _ byteClasses: UnsafeBufferPointer<UInt16>) -> Name {
        var name = name  // contiguous bytes: `utf8`'s iterator costs ten times as much
        var facts = name.withUTF8 { bytes in
            var caseless = FNV1a()
            var classes = identifierBit  // stays set while every byte is an ASCII letter, digit or underscore
            for byte in bytes {
                let byteClass = byteClasses[Int(byte)]
                caseless.add(UInt8(truncatingIfNeeded: byteClass))
                classes &= byteClass
            }
            let isIdentifierText = classes & identifierBit != 0
            let first = bytes.first ?? 0
            let hasCoreDataPrefix = bytes.count >= 3 && first == UInt8(ascii: "C") && bytes[1] == UInt8(ascii: "D")
                && bytes[2] == UInt8(ascii: "_")
            // As `SwiftIdentifiers.derivedName` works: `CD_` alone stays as it is, a longer `CD_…` is renamed.
            let isOwnSwiftName = !bytes.isEmpty && isIdentifierText
                && (first >= UInt8(ascii: "A") || first == UInt8(ascii: "_")) && !(hasCoreDataPrefix && bytes.count > 3)
            return Name(caselessHash: caseless.value, count: Int32(clamping: bytes.count), first: first,
                        isOwnSwiftName: isOwnSwiftName,
                        isPlainIdentifier: isIdentifierText && (first | 0x20) &- UInt8(ascii: "a") < 26,
                        hasCoreDataPrefix: hasCoreDataPrefix)
        }
        if facts.isOwnSwiftName, mayBeRenamed(facts), SwiftIdentifiers.isRenamedWithUnderscore(name) {
            facts.isOwnSwiftName = false
        }
        return facts
    }

    /// Whether the name may be one the Swift-name derivation renames (`_`, `self`, `Type`, `Protocol`), told by
    /// its length and first byte: comparing every name of 1, 4 or 8 bytes cost 105 instructions a name.
    private static func mayBeRenamed(_ facts: Name) -> Bool {
        switch (facts.count, facts.first) {
        case (1, UInt8(ascii: "_")), (4, UInt8(ascii: "s")), (4, UInt8(ascii: "T")), (8, UInt8(ascii: "P")): true
        default: false
        }
    }
}
