import CKSchemaCore

/// An immutable map from byte strings to small integers, looked up straight from input bytes without
/// building a `String`: record type names, field names, enum values and type tags.
///
/// The class owns the memory; `lookup` is a plain-value view of it for the hot path, where passing a
/// class reference around would retain and release it on every key.
final class ByteKeyTable: @unchecked Sendable {
    // @unchecked: the memory is written only in `init` and freed in `deinit`.
    /// The plain-value view; valid while this table lives.
    let lookup: ByteKeyLookup

    /// The number of keys.
    var count: Int { lookup.count }

    /// Builds a table; when a key repeats, its first value wins.
    init(_ entries: [(key: String, value: Int)]) {
        var slotCount = 4
        while slotCount < entries.count * 2 { slotCount *= 2 }
        var slots = [Int](repeating: -1, count: slotCount)
        var keys: [[UInt8]] = []
        var values: [Int] = []
        for (key, value) in entries {
            let bytes = Array(key.utf8)
            var slot = ByteKeyLookup.hash(bytes) & (slotCount - 1)
            var duplicate = false
            while slots[slot] >= 0 {
                if keys[slots[slot]] == bytes {
                    duplicate = true
                    break
                }
                slot = (slot + 1) & (slotCount - 1)
            }
            if duplicate { continue }
            slots[slot] = keys.count
            keys.append(bytes)
            values.append(value)
        }
        lookup = ByteKeyLookup(keys: keys, values: values, slots: slots)
    }

    deinit {
        lookup.deallocate()
    }

    /// The value stored for `key`, or `nil`.
    func value(for key: [UInt8]) -> Int? {
        lookup.value(for: key)
    }
}

/// The lookup side of a `ByteKeyTable`: pointers only, so copying it costs nothing.
struct ByteKeyLookup: @unchecked Sendable {
    // @unchecked: read-only memory owned by a `ByteKeyTable`.
    private let keyBytes: UnsafeMutablePointer<UInt8>
    private let keyOffsets: UnsafeMutablePointer<Int>
    private let keyLengths: UnsafeMutablePointer<Int>
    private let values: UnsafeMutablePointer<Int>
    /// Open-addressing slots holding an entry index, or -1; the count is a power of two.
    private let slots: UnsafeMutablePointer<Int>
    private let mask: Int
    let count: Int

    fileprivate init(keys: [[UInt8]], values: [Int], slots: [Int]) {
        let total = keys.reduce(0) { $0 + $1.count }
        keyBytes = .allocate(capacity: max(1, total))
        keyOffsets = .allocate(capacity: max(1, keys.count))
        keyLengths = .allocate(capacity: max(1, keys.count))
        self.values = .allocate(capacity: max(1, keys.count))
        self.slots = .allocate(capacity: slots.count)
        var cursor = 0
        for (index, key) in keys.enumerated() {
            (keyBytes + cursor).initialize(from: key, count: key.count)
            (keyOffsets + index).initialize(to: cursor)
            (keyLengths + index).initialize(to: key.count)
            (self.values + index).initialize(to: values[index])
            cursor += key.count
        }
        self.slots.initialize(from: slots, count: slots.count)
        mask = slots.count - 1
        count = keys.count
    }

    fileprivate func deallocate() {
        keyBytes.deallocate()
        keyOffsets.deallocate()
        keyLengths.deallocate()
        values.deallocate()
        slots.deallocate()
    }

    /// The value stored for the `count` bytes at `bytes`, or `nil`.
    @inline(__always) func value(for bytes: UnsafePointer<UInt8>, count: Int) -> Int? {
        var slot = Self.hash(bytes, count) & mask
        while true {
            let entry = slots[slot]
            if entry < 0 { return nil }
            if keyLengths[entry] == count, memoryEquals(keyBytes + keyOffsets[entry], bytes, count) {
                return values[entry]
            }
            slot = (slot + 1) & mask
        }
    }

    /// The value stored for `key`, or `nil`.
    func value(for key: [UInt8]) -> Int? {
        let padded = key + [0]
        return padded.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { value(for: $0, count: key.count) }
        }
    }

    /// FNV-1a over the bytes: keys are short, so a simple byte loop is fastest.
    @inline(__always) static func hash(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int {
        var hasher = FNV1a()
        hasher.add(UnsafeBufferPointer(start: bytes, count: count))
        let hash = hasher.value
        return Int(truncatingIfNeeded: hash ^ (hash >> 32))
    }

    static func hash(_ bytes: [UInt8]) -> Int {
        let padded = bytes + [0]
        return padded.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { hash($0, bytes.count) } ?? 0
        }
    }
}

/// Whether `count` bytes at `lhs` and `rhs` are equal.
///
/// Eight bytes at a time; the last word overlaps the one before instead of a byte loop (keys and tags are
/// mostly 4 to 24 bytes long), and 4 to 7 bytes are two overlapping 4-byte words.
@inline(__always) func memoryEquals(_ lhs: UnsafePointer<UInt8>, _ rhs: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    let left = UnsafeRawPointer(lhs)
    let right = UnsafeRawPointer(rhs)
    guard count >= 8 else {
        if count >= 4 {
            return left.loadUnaligned(as: UInt32.self) == right.loadUnaligned(as: UInt32.self)
                && left.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
                == right.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
        }
        var index = 0
        while index < count {
            if lhs[index] != rhs[index] { return false }
            index &+= 1
        }
        return true
    }
    var index = 0
    while index &+ 8 < count {
        if left.loadUnaligned(fromByteOffset: index, as: UInt64.self) != right.loadUnaligned(fromByteOffset: index, as: UInt64.self) {
            return false
        }
        index &+= 8
    }
    return left.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
        == right.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
}
