/// FNV-1a, the 64-bit hash of bytes that ckschema's own hash tables use (names in lint rules, YAML keys, the
/// source map's paths, record keys in validation): a multiply per byte, cheaper than `Hasher`'s SipHash on the
/// short keys these tables hold. `public` and `@inlinable` so that the byte loops specialise in every module that
/// hashes: Swift inlines only `public` code across modules (docs/architecture.md, "Access levels").
public struct FNV1a: Sendable {
    /// The hash of everything added so far.
    public var value: UInt64 { state }
    @usableFromInline var state: UInt64 = 0xCBF2_9CE4_8422_2325

    @inlinable public init() {}

    /// Adds one byte.
    @inlinable public mutating func add(_ byte: UInt8) {
        state = (state ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }

    /// Adds bytes.
    @inlinable public mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) {
        for byte in bytes { add(byte) }
    }

    /// Adds a string's UTF-8 bytes, read contiguously (`utf8`'s iterator costs ten times as much a byte).
    @inlinable public mutating func add(_ string: String) {
        var string = string
        string.withUTF8 { add($0) }
    }

    /// The hash of `string`'s UTF-8 bytes.
    @inlinable public static func hash(_ string: String) -> UInt64 {
        var hasher = FNV1a()
        hasher.add(string)
        return hasher.value
    }

    /// The slot of `hash` in an open-addressing table of `1 << (64 - shift)` slots. FNV-1a's low bits are weak;
    /// a Fibonacci multiply spreads every bit into the top ones, which pick the slot.
    @inlinable public static func slot(of hash: UInt64, shift: UInt64) -> Int {
        Int(truncatingIfNeeded: (hash &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }
}
