import CKSchemaCore

/// A fast 64-bit hash of a name's bytes (FNV-1a), for first passes that look for repeats among tens of
/// thousands of names: inserting integers into a set costs a fraction of hashing strings. Equal hashes are only
/// a hint; callers compare the names themselves before reporting.
enum NameHash {
    /// The hash of `name`'s UTF-8 bytes, with ASCII letters folded to lower case when `ignoringCase`.
    static func of(_ name: String, ignoringCase: Bool = false) -> UInt64 {
        guard ignoringCase else { return FNV1a.hash(name) }
        var name = name
        // A contiguous buffer hashes several times faster than iterating `utf8`.
        return name.withUTF8 { bytes in
            var hasher = FNV1a()
            for byte in bytes { hasher.add(folded(byte)) }
            return hasher.value
        }
    }

    /// `byte`, lower-cased if it is an ASCII capital letter.
    static func folded(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }
}
