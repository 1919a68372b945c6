import CKSchemaCore

/// A set of `NameHash` values: open addressing over the hashes themselves. The uniqueness rules insert one
/// hash per name of a schema (40,000 at CloudKit's limits); `Set<UInt64>` hashes each hash again with SipHash,
/// which cost eight times the insertion itself.
struct NameHashSet {
    /// The stored hashes; `empty` marks a free slot (a name hashing to it is kept aside in `holdsEmpty`).
    private var slots: [UInt64]
    private var holdsEmpty = false
    private var count = 0
    private var mask: Int
    private var shift: UInt64
    private static let empty: UInt64 = 0

    /// A set with room for `capacity` hashes before it first grows.
    init(minimumCapacity capacity: Int) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = Array(repeating: Self.empty, count: size)
        mask = size - 1
        shift = UInt64(64 - size.trailingZeroBitCount)
    }

    /// Inserts `hash`; returns whether it was new.
    mutating func insert(_ hash: UInt64) -> Bool {
        guard hash != Self.empty else {
            defer { holdsEmpty = true }
            return !holdsEmpty
        }
        if (count + 1) * 2 > slots.count { grow() }
        var slot = self.slot(of: hash)
        while slots[slot] != Self.empty {
            if slots[slot] == hash { return false }
            slot = (slot + 1) & mask
        }
        slots[slot] = hash
        count += 1
        return true
    }

    private func slot(of hash: UInt64) -> Int {
        FNV1a.slot(of: hash, shift: shift)
    }

    /// Doubles the table, keeping it at most half full so that probes stay short.
    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Self.empty, count: old.count * 2)
        mask = slots.count - 1
        shift -= 1
        for hash in old where hash != Self.empty {
            var slot = self.slot(of: hash)
            while slots[slot] != Self.empty { slot = (slot + 1) & mask }
            slots[slot] = hash
        }
    }
}
