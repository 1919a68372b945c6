/// SHA-256 (FIPS 180-4), for the digests a deploy plan records of the snapshots it was made against.
///
/// A small, dependency-free implementation: plans only hash snapshot files (kilobytes), so clarity wins over
/// speed, and no cryptographic package has to be built. Its test vectors are FIPS 180-4's and ones computed
/// with `sha256sum` at every padding boundary.
package struct SHA256: Sendable {
    /// The round constants: the first 32 bits of the fractional parts of the cube roots of the first 64 primes.
    private static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    /// The initial hash: the first 32 bits of the fractional parts of the square roots of the first 8 primes.
    private static let initialState: [UInt32] = [
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]

    private var state = SHA256.initialState
    /// Bytes not yet hashed (less than one 64-byte block).
    private var pending: [UInt8] = []
    /// The number of bytes fed so far.
    private var length: UInt64 = 0

    /// A hasher with nothing fed yet.
    package init() {}

    /// Feeds `bytes` to the hash.
    package mutating func update(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            pending.append(byte)
            length &+= 1
            if pending.count == 64 {
                compress(pending[...])
                pending.removeAll(keepingCapacity: true)
            }
        }
    }

    /// The 32-byte digest of everything fed. The hasher itself is left as it was.
    package func finalize() -> [UInt8] {
        var copy = self
        let bitLength = length &* 8
        var tail = pending + [0x80]
        // Pad with zeros so that 8 bytes of length complete a block.
        while tail.count % 64 != 56 { tail.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) {
            tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        var start = tail.startIndex
        while start < tail.endIndex {
            copy.compress(tail[start..<start + 64])
            start += 64
        }
        return copy.state.flatMap { word in
            [UInt8(truncatingIfNeeded: word >> 24), UInt8(truncatingIfNeeded: word >> 16),
             UInt8(truncatingIfNeeded: word >> 8), UInt8(truncatingIfNeeded: word)]
        }
    }

    /// The digest of `bytes` as 64 lower-case hexadecimal digits.
    package static func hexDigest(of bytes: some Sequence<UInt8>) -> String {
        var hasher = SHA256()
        hasher.update(bytes)
        let digits = Array("0123456789abcdef")
        return String(hasher.finalize().flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0f)]] })
    }

    /// Hashes one 64-byte block into the state.
    private mutating func compress(_ block: ArraySlice<UInt8>) {
        var schedule = [UInt32](repeating: 0, count: 64)
        var index = block.startIndex
        for word in 0..<16 {
            schedule[word] = UInt32(block[index]) << 24 | UInt32(block[index + 1]) << 16
                | UInt32(block[index + 2]) << 8 | UInt32(block[index + 3])
            index += 4
        }
        for word in 16..<64 {
            let previous15 = schedule[word - 15], previous2 = schedule[word - 2]
            let sigma0 = previous15.rotatedRight(7) ^ previous15.rotatedRight(18) ^ (previous15 >> 3)
            let sigma1 = previous2.rotatedRight(17) ^ previous2.rotatedRight(19) ^ (previous2 >> 10)
            schedule[word] = schedule[word - 16] &+ sigma0 &+ schedule[word - 7] &+ sigma1
        }
        var (a, b, c, d) = (state[0], state[1], state[2], state[3])
        var (e, f, g, h) = (state[4], state[5], state[6], state[7])
        for round in 0..<64 {
            let sum1 = e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)
            let choice = (e & f) ^ (~e & g)
            let temporary1 = h &+ sum1 &+ choice &+ Self.roundConstants[round] &+ schedule[round]
            let sum0 = a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)
            let majority = (a & b) ^ (a & c) ^ (b & c)
            let temporary2 = sum0 &+ majority
            (h, g, f, e) = (g, f, e, d &+ temporary1)
            (d, c, b, a) = (c, b, a, temporary1 &+ temporary2)
        }
        for (offset, value) in [a, b, c, d, e, f, g, h].enumerated() {
            state[offset] = state[offset] &+ value
        }
    }
}

extension UInt32 {
    /// The bits rotated right by `count` (0 < count < 32).
    fileprivate func rotatedRight(_ count: UInt32) -> UInt32 {
        (self >> count) | (self << (32 - count))
    }
}
