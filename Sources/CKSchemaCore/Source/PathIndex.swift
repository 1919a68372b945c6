/// The first entry recorded for each path of one kind (`SchemaPath.kind`) in a `SourceMap` log: an
/// open-addressing table over 64-bit hashes of the paths' bytes.
///
/// A schema at CloudKit's limits records about 200,000 positions, and a lint with any finding looks some up.
/// A `[SchemaPath: SourceLocation]` over all of them spent a microsecond an entry hashing strings with
/// SipHash, even when every finding was on a record type. Indexing one kind at a time, on the first lookup of
/// that kind, and hashing the paths' bytes with FNV-1a into a table of entry numbers, a lint that locates
/// record types indexes 200 entries, not 200,000; paths are compared only when two hashes agree.
struct PathIndex: Sendable {
    /// Per slot, the entry number plus one; 0 is an empty slot.
    private var slots: [Int32]
    /// Per slot, the hash of the entry's path.
    private var slotHashes: [UInt64]
    /// `64 - log2(slots.count)`: the slot of a hash is its mixed top bits.
    private let shift: UInt64

    /// Indexes the entries whose path is of `kind`; for a path recorded twice, the first entry wins.
    init(_ entries: [SourceMap.Entry], kind: SchemaPath.Kind) {
        var slots: [Int32] = []
        var slotHashes: [UInt64] = []
        var shift: UInt64 = 0
        entries.withUnsafeBufferPointer { entries in
            // Reading the kind in place copies no path: the log is walked twice without a retain.
            var count = 0
            for number in entries.indices where entries[number].path.kind == kind { count += 1 }
            var capacity = 16
            while capacity < count * 2 { capacity <<= 1 }
            slots = Array(repeating: 0, count: capacity)
            slotHashes = Array(repeating: 0, count: capacity)
            shift = UInt64(64 - capacity.trailingZeroBitCount)
            let mask = capacity - 1
            for number in entries.indices where entries[number].path.kind == kind {
                let hash = Self.hash(entries[number].path)
                var slot = Self.slot(of: hash, shift: shift)
                var isRepeat = false
                while slots[slot] != 0 {
                    if slotHashes[slot] == hash, entries[Int(slots[slot]) - 1].path == entries[number].path {
                        isRepeat = true
                        break
                    }
                    slot = (slot + 1) & mask
                }
                if !isRepeat {
                    slots[slot] = Int32(number + 1)
                    slotHashes[slot] = hash
                }
            }
        }
        self.slots = slots
        self.slotHashes = slotHashes
        self.shift = shift
    }

    /// The number of the first entry of `entries` (the log this index was built from) recorded for `path`.
    func firstEntry(for path: SchemaPath, in entries: [SourceMap.Entry]) -> Int? {
        let hash = Self.hash(path)
        let mask = slots.count - 1
        var slot = Self.slot(of: hash, shift: shift)
        while slots[slot] != 0 {
            let number = Int(slots[slot]) - 1
            if slotHashes[slot] == hash, entries[number].path == path { return number }
            slot = (slot + 1) & mask
        }
        return nil
    }

    private static func slot(of hash: UInt64, shift: UInt64) -> Int {
        FNV1a.slot(of: hash, shift: shift)
    }

    /// FNV-1a over the path's case and components. Each string is followed by 0xFF, a byte UTF-8 never holds,
    /// so `("ab", "c")` and `("a", "bc")` hash differently.
    static func hash(_ path: SchemaPath) -> UInt64 {
        var hasher = ByteHasher()
        switch path {
        case .role(let name):
            hasher.add(0, name)
        case .recordType(let type):
            hasher.add(1, type)
        case .field(let type, let field):
            hasher.add(2, type, field)
        case .fieldType(let type, let field):
            hasher.add(3, type, field)
        case .fieldIndex(let type, let field, let option):
            hasher.add(4, type, field)
            hasher.add(option.rawValue)
        case .systemField(let type, let field):
            hasher.add(5, type)
            hasher.add(field.name)
        case .grant(let type, let number):
            hasher.add(6, type)
            hasher.add(UInt64(truncatingIfNeeded: number))
        case .recordTypeKey(let type, let key):
            hasher.add(7, type, key)
        case .fieldKey(let type, let field, let key):
            hasher.add(8, type, field, key)
        }
        return hasher.value
    }
}

extension SchemaPath {
    /// The case of a path, without its names.
    enum Kind: UInt8, CaseIterable {
        case role, recordType, field, fieldType, fieldIndex, systemField, grant, recordTypeKey, fieldKey
    }

    /// The case of this path.
    var kind: Kind {
        switch self {
        case .role: .role
        case .recordType: .recordType
        case .field: .field
        case .fieldType: .fieldType
        case .fieldIndex: .fieldIndex
        case .systemField: .systemField
        case .grant: .grant
        case .recordTypeKey: .recordTypeKey
        case .fieldKey: .fieldKey
        }
    }
}

/// FNV-1a fed a path's parts: each string followed by 0xFF, a byte UTF-8 never holds.
private struct ByteHasher {
    private var fnv = FNV1a()
    var value: UInt64 { fnv.value }

    mutating func add(_ byte: UInt8) {
        fnv.add(byte)
    }

    mutating func add(_ number: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { add(UInt8(truncatingIfNeeded: number >> UInt64(shift))) }
    }

    mutating func add(_ string: String) {
        fnv.add(string)
        add(0xFF as UInt8)
    }

    // Fixed arities rather than a variadic parameter, which would allocate an array per path.
    mutating func add(_ tag: UInt8, _ first: String) {
        add(tag)
        add(first)
    }

    mutating func add(_ tag: UInt8, _ first: String, _ second: String) {
        add(tag, first)
        add(second)
    }

    mutating func add(_ tag: UInt8, _ first: String, _ second: String, _ third: String) {
        add(tag, first, second)
        add(third)
    }
}
