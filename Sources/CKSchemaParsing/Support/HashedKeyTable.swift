import CKSchemaCore

/// Small integers (node or field numbers) found by the FNV-1a hash of a key's text, for the parsers' lookups
/// of every field of a schema: duplicate keys in a YAML type's `fields`, a type's fields by name as the YAML
/// files are merged, and duplicate fields in a `.ckdb` record type. A `Dictionary` keyed by `String`,
/// `SchemaPath` or `UInt64` runs SipHash over every key, which cost more than the rest of the lookup; this
/// table uses the hash itself.
///
/// Several entries may share a hash (two different keys with one 64-bit hash, never seen in practice): a
/// lookup passes each candidate to the caller, which compares the texts.
struct HashedKeyTable {
    /// Per slot, the value plus one; 0 is an empty slot.
    private var values: [Int32]
    /// Per slot, the hash of the entry's key.
    private var hashes: [UInt64]
    private var count = 0
    private var shift: UInt64

    /// A table with room for `capacity` entries before it first grows.
    init(minimumCapacity capacity: Int = 0) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        values = Array(repeating: 0, count: size)
        hashes = Array(repeating: 0, count: size)
        shift = UInt64(64 - size.trailingZeroBitCount)
    }

    /// The hash keys are found by.
    static func hash(_ key: String) -> UInt64 {
        FNV1a.hash(key)
    }

    /// The first value stored under `hash` that `matches` accepts.
    func first(_ hash: UInt64, where matches: (Int) -> Bool) -> Int? {
        let mask = values.count - 1
        var slot = FNV1a.slot(of: hash, shift: shift)
        while values[slot] != 0 {
            if hashes[slot] == hash, matches(Int(values[slot]) - 1) { return Int(values[slot]) - 1 }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Stores `value` under `hash`, after any value already there.
    mutating func insert(_ value: Int, for hash: UInt64) {
        if (count + 1) * 2 > values.count { grow() }
        let mask = values.count - 1
        var slot = FNV1a.slot(of: hash, shift: shift)
        while values[slot] != 0 { slot = (slot + 1) & mask }
        values[slot] = Int32(truncatingIfNeeded: value + 1)
        hashes[slot] = hash
        count += 1
    }

    /// Makes room for `additional` more entries without growing on the way.
    mutating func reserveCapacity(_ additional: Int) {
        while (count + additional) * 2 > values.count { grow() }
    }

    /// Doubles the table, keeping it at most half full.
    private mutating func grow() {
        let (oldValues, oldHashes) = (values, hashes)
        values = Array(repeating: 0, count: oldValues.count * 2)
        hashes = Array(repeating: 0, count: oldValues.count * 2)
        shift -= 1
        count = 0
        for slot in oldValues.indices where oldValues[slot] != 0 {
            insert(Int(oldValues[slot]) - 1, for: oldHashes[slot])
        }
    }
}
