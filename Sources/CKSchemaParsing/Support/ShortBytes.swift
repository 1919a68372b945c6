/// Short byte strings (up to 16 bytes) compared as two integers instead of byte by byte: the YAML reader's
/// table of recent scalar texts, the `.ckdb` lexer's keywords.
enum ShortBytes {
    /// The bytes of a string of 1 to 16 bytes as two little-endian words, zero beyond its end; with the count,
    /// they tell strings apart. Loaded a word at a time, which costs a fraction of a `memcpy` call.
    static func words(of bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64) {
        let base = UnsafeRawPointer(bytes.baseAddress!)
        let count = bytes.count
        guard count >= 8 else {
            var low: UInt64 = 0
            for offset in 0..<count { low |= UInt64(bytes[offset]) << (UInt64(offset) &* 8) }
            return (low, 0)
        }
        let low = UInt64(littleEndian: base.loadUnaligned(as: UInt64.self))
        guard count > 8 else { return (low, 0) }
        // The last eight bytes, shifted so that byte 8 lands in the lowest position.
        let last = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
        return (low, last >> (UInt64(16 - count) &* 8))
    }
}
