import CKSchemaCore

/// Byte-level and token-level mutations of schema texts, reproducible from a seed (SplitMix64), for the
/// deterministic fuzzer.
package struct FuzzMutator: Sendable {
    /// The longest input produced: large enough for deep nesting, small enough to run many.
    package static let maximumLength = 64 * 1024

    private var random: SplitMix64
    /// Words of the language (keywords, punctuation, names) to insert.
    private let tokens: [[UInt8]]

    package init(seed: UInt64, tokens: [[UInt8]]) {
        random = SplitMix64(seed: seed)
        self.tokens = tokens.filter { !$0.isEmpty }
    }

    /// Bytes that change the structure of YAML or `.ckdb` text.
    private static let structural: [UInt8] = Array("{}[]():;,\"'<>#-/*\n\r\t ?&!|%@`\\".utf8) + [0x00, 0xC3, 0xE2, 0xFF]

    /// The next random number.
    package mutating func next() -> UInt64 {
        random.next()
    }

    /// A number in `0..<bound` (0 when `bound` is 0).
    package mutating func below(_ bound: Int) -> Int {
        bound <= 0 ? 0 : Int(next() % UInt64(bound))
    }

    /// `input` changed by one to four mutations; `other` is a second input to splice from.
    package mutating func mutate(_ input: [UInt8], splicingWith other: [UInt8]) -> [UInt8] {
        var bytes = input
        for _ in 0...below(4) {
            mutateOnce(&bytes, other: other)
        }
        if bytes.count > Self.maximumLength { bytes.removeLast(bytes.count - Self.maximumLength) }
        return bytes
    }

    private mutating func mutateOnce(_ bytes: inout [UInt8], other: [UInt8]) {
        let position = below(bytes.count + 1)
        switch below(9) {
        case 0 where !bytes.isEmpty:
            bytes[min(position, bytes.count - 1)] ^= UInt8(1 << below(8))
        case 1:
            bytes.insert(Self.structural[below(Self.structural.count)], at: position)
        case 2 where !bytes.isEmpty:
            let end = min(bytes.count, position + 1 + below(16))
            bytes.removeSubrange(min(position, end)..<end)
        case 3 where !tokens.isEmpty:
            bytes.insert(contentsOf: tokens[below(tokens.count)], at: position)
        case 4 where !bytes.isEmpty:
            // Repeat a slice many times: deep nesting, long lines, many fields.
            let start = min(position, bytes.count - 1)
            let slice = Array(bytes[start..<min(bytes.count, start + 1 + below(12))])
            let copies = 1 + below(below(2) == 0 ? 4 : 200)
            bytes.insert(contentsOf: Array(repeating: slice, count: copies).joined(), at: start)
        case 5 where !other.isEmpty:
            let start = below(other.count)
            let piece = other[start..<min(other.count, start + 1 + below(64))]
            bytes.insert(contentsOf: piece, at: position)
        case 6:
            bytes.removeLast(bytes.count - min(bytes.count, position))
        case 7 where !bytes.isEmpty:
            bytes[min(position, bytes.count - 1)] = Self.structural[below(Self.structural.count)]
        default:
            // Swap two lines: keys move between levels and files lose their header.
            var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            guard lines.count > 1 else { return }
            lines.swapAt(below(lines.count), below(lines.count))
            bytes = Array(lines.joined(separator: [UInt8(ascii: "\n")]))
        }
    }
}
