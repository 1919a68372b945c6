/// Sixteen-bytes-at-a-time tests on the input, with Swift's SIMD vectors: the hot loops of string scanning
/// and of counting a one-line body's columns.
///
/// Only lane-wise arithmetic and bitwise operations are used (`&-`, `^`, `|`): those compile to SSE2
/// instructions, where the vector comparisons (`.==`, `.<`) and `any(_:)` are still compiled lane by lane.
/// Byte lanes do not borrow from each other, so every flag is exact (the eight-byte `SWAR` masks may flag
/// spurious bytes above the first real one).
enum VectorScan {
    typealias Lanes = SIMD16<UInt8>

    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The high bit set in each byte that a string scan must stop at: a quote, a backslash, a byte below
    /// 0x20 or above 0x7F; as two little-endian words (bytes 0–7, 8–15).
    @inline(__always) static func attention(_ bytes: Lanes) -> SIMD2<UInt64> {
        // (b ^ c) &- 1 sets the high bit where b == c, and where b ≥ 0x80 (flagged anyway by `| bytes`);
        // b &- 0x20 sets it below 0x20 and at 0xA0 and above (flagged anyway).
        let flags = ((bytes ^ Lanes(repeating: Byte.quote)) &- Lanes(repeating: 1))
            | ((bytes ^ Lanes(repeating: Byte.backslash)) &- Lanes(repeating: 1))
            | (bytes &- Lanes(repeating: Byte.space)) | bytes
        return unsafeBitCast(flags, to: SIMD2<UInt64>.self) & SIMD2(repeating: highBits)
    }

    /// The offset of the first byte in `bytes[start..<end]` that a string scan must stop at (see
    /// `attention`), or `end` when there is none. 32 bytes a test while they last, then 16, then one.
    @inline(__always) static func firstAttention(_ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        let raw = UnsafeRawPointer(bytes)
        var cursor = start
        while cursor &+ 32 <= end {
            let low = attention(raw.loadUnaligned(fromByteOffset: cursor, as: Lanes.self))
            let high = attention(raw.loadUnaligned(fromByteOffset: cursor &+ 16, as: Lanes.self))
            let both = low | high
            if both[0] | both[1] != 0 {
                return low[0] | low[1] != 0 ? cursor &+ firstFlag(low) : cursor &+ 16 &+ firstFlag(high)
            }
            cursor &+= 32
        }
        if cursor &+ 16 <= end {
            let flags = attention(raw.loadUnaligned(fromByteOffset: cursor, as: Lanes.self))
            if flags[0] | flags[1] != 0 { return cursor &+ firstFlag(flags) }
            cursor &+= 16
        }
        while cursor < end {
            let byte = bytes[cursor]
            if byte == Byte.quote || byte == Byte.backslash || byte &- Byte.space >= 0x60 { return cursor }
            cursor &+= 1
        }
        return end
    }

    /// The index (0–15) of the first flagged byte of `flags`, which has one.
    @inline(__always) private static func firstFlag(_ flags: SIMD2<UInt64>) -> Int {
        flags[0] != 0 ? flags[0].trailingZeroBitCount >> 3 : 8 &+ flags[1].trailingZeroBitCount >> 3
    }

    /// The offset of the first 64-byte run from `start` that holds a byte above 0x7F, or the last offset
    /// before `end` from which fewer than 64 bytes are left: ASCII text is passed over with one test per
    /// 64 bytes.
    @inline(__always) static func endOfASCIIRuns(_ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        let raw = UnsafeRawPointer(bytes)
        var cursor = start
        while cursor &+ 64 <= end {
            let a = raw.loadUnaligned(fromByteOffset: cursor, as: Lanes.self)
            let b = raw.loadUnaligned(fromByteOffset: cursor &+ 16, as: Lanes.self)
            let c = raw.loadUnaligned(fromByteOffset: cursor &+ 32, as: Lanes.self)
            let d = raw.loadUnaligned(fromByteOffset: cursor &+ 48, as: Lanes.self)
            let words = unsafeBitCast(a | b | c | d, to: SIMD2<UInt64>.self)
            if (words[0] | words[1]) & highBits != 0 { return cursor }
            cursor &+= 64
        }
        return cursor
    }
}
