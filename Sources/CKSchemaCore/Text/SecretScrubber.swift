/// Removes a secret — the CloudKit management token — from text before anyone sees it.
///
/// Matching is on UTF-8 bytes, not on `Character`s: a token followed by a combining mark forms one
/// `Character` with the mark and would escape a character-level search. Because UTF-8 is self-synchronising, a
/// match of the token's complete bytes always starts and ends on a scalar boundary, so the result stays valid
/// text.
///
/// A value that cannot be a secret is refused instead of scrubbed (`problem(with:)`): an empty value, one of only
/// whitespace or control characters (scrubbing it would rewrite every newline), or one shorter than
/// `minimumLength` (scrubbing it would mangle ordinary words).
///
/// Scrubbing is for what ckschema shows and says. Content it records (a pulled snapshot) is never altered: a
/// command refuses to record content that holds the secret instead.
package struct SecretScrubber: Sendable, Hashable {
    /// What replaces the secret.
    package static let redaction = "[redacted]"
    /// The shortest value accepted as a secret (CloudKit management tokens are 64 characters).
    package static let minimumLength = 8

    /// The byte sequences removed: the value as given and, when different, without surrounding whitespace.
    private let patterns: [[UInt8]]

    /// A scrubber for `secret`; `nil` when `secret` cannot be a secret (see `problem(with:)`).
    package init?(secret: String) {
        guard Self.problem(with: secret) == nil else { return nil }
        let trimmed = Self.trimmed(secret)
        patterns = trimmed == secret ? [Array(secret.utf8)] : [Array(secret.utf8), Array(trimmed.utf8)]
    }

    /// Why `value` cannot be used as a secret, as the end of a sentence (`is empty`), or `nil` when it can.
    package static func problem(with value: String) -> String? {
        if value.isEmpty { return "is empty" }
        let trimmed = trimmed(value)
        if trimmed.isEmpty { return "holds only whitespace or control characters" }
        if trimmed.unicodeScalars.count < minimumLength {
            return "is shorter than \(minimumLength) characters, so it cannot be a CloudKit management token"
        }
        return nil
    }

    /// `text` with every occurrence of the secret replaced by `redaction`.
    package func scrub(_ text: String) -> String {
        guard contains(text) else { return text }
        return String(decoding: scrub(Array(text.utf8)), as: UTF8.self)
    }

    /// `bytes` with every occurrence of the secret replaced by `redaction`.
    package func scrub(_ bytes: [UInt8]) -> [UInt8] {
        var result = bytes
        for pattern in patterns {
            result = Self.replacing(pattern, in: result, with: Array(Self.redaction.utf8))
        }
        return result
    }

    /// Whether `text` holds the secret.
    package func contains(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { buffer in patterns.contains { Self.firstMatch(of: $0, in: buffer, from: 0) != nil } }
    }

    /// Whether `bytes` hold the secret.
    package func contains(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in patterns.contains { Self.firstMatch(of: $0, in: buffer, from: 0) != nil } }
    }

    private static func replacing(_ pattern: [UInt8], in bytes: [UInt8], with replacement: [UInt8]) -> [UInt8] {
        bytes.withUnsafeBufferPointer { buffer in
            var result: [UInt8] = []
            var copied = 0
            while let match = firstMatch(of: pattern, in: buffer, from: copied) {
                result.append(contentsOf: buffer[copied..<match])
                result.append(contentsOf: replacement)
                copied = match + pattern.count
            }
            guard copied > 0 else { return bytes }
            result.append(contentsOf: buffer[copied...])
            return result
        }
    }

    /// The offset of the first occurrence of `pattern` in `buffer` at or after `start`.
    private static func firstMatch(of pattern: [UInt8], in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let first = pattern.first, buffer.count >= pattern.count else { return nil }
        var index = start
        let last = buffer.count - pattern.count
        while index <= last {
            if buffer[index] == first {
                var matched = 1
                while matched < pattern.count, buffer[index + matched] == pattern[matched] { matched += 1 }
                if matched == pattern.count { return index }
            }
            index += 1
        }
        return nil
    }

    /// `value` without leading and trailing whitespace and control characters.
    private static func trimmed(_ value: String) -> String {
        let scalars = value.unicodeScalars
        func isBlank(_ scalar: Unicode.Scalar) -> Bool {
            scalar.properties.isWhitespace || scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
        }
        guard let start = scalars.firstIndex(where: { !isBlank($0) }),
              let end = scalars.lastIndex(where: { !isBlank($0) }) else { return "" }
        return String(scalars[start...end])
    }
}
