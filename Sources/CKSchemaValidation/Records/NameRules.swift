/// CloudKit's rules for record and zone names (docs/cloudkit-facts.md §3 and §9 rule 33).
enum NameRules {
    /// The longest record or zone name CloudKit accepts, in characters.
    static let maximumLength = 255
    /// The name of the default zone, the one zone name that may start with an underscore.
    static let defaultZoneName = Array("_defaultZone".utf8)

    /// Whether the `count` raw bytes at `bytes` (no escapes) are certainly a valid record name: the usual
    /// case, decided without copying them.
    @inline(__always)
    static func isPlainValidRecordName(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        guard count > 0, count <= maximumLength, bytes[0] != Byte.underscore else { return false }
        // ASCII: no byte with its high bit set, eight bytes at a time (the last word overlaps the one before).
        guard count >= 8 else {
            var highBits: UInt8 = 0
            for index in 0..<count { highBits |= bytes[index] }
            return highBits < 0x80
        }
        let raw = UnsafeRawPointer(bytes)
        var highBits = raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
        var index = 0
        while index &+ 8 < count {
            highBits |= raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            index &+= 8
        }
        return highBits & 0x8080_8080_8080_8080 == 0
    }

    /// What is wrong with the record name `name` (a clause to follow "record name"), or `nil`.
    static func recordNameProblem(_ name: [UInt8]) -> String? {
        commonProblem(name) ?? (name.first == Byte.underscore ? "'\(text(name))' must not start with '_'" : nil)
    }

    /// What is wrong with a referenced record's name, or `nil`. Names of records the system creates (user
    /// records such as `_4ab8…`) start with an underscore, so only emptiness, ASCII and length are checked.
    static func referencedNameProblem(_ name: [UInt8]) -> String? {
        commonProblem(name)
    }

    /// What is wrong with the zone name `name` (a clause to follow "zone name"), or `nil`.
    static func zoneNameProblem(_ name: [UInt8]) -> String? {
        if name == defaultZoneName { return nil }
        return commonProblem(name)
            ?? (name.first == Byte.underscore ? "'\(text(name))' must not start with '_' (only '_defaultZone' may)" : nil)
    }

    private static func commonProblem(_ name: [UInt8]) -> String? {
        if name.isEmpty { return "must not be empty" }
        if name.contains(where: { $0 >= 0x80 }) {
            return "'\(text(name))' must contain only ASCII characters"
        }
        if name.count > maximumLength {
            return "is \(name.count) characters long; the limit is \(maximumLength)"
        }
        return nil
    }

    /// A name for messages, shortened when very long.
    static func text(_ name: [UInt8]) -> String {
        let string = String(decoding: name, as: UTF8.self)
        return string.count > 60 ? String(string.prefix(57)) + "..." : string
    }
}
