extension Array where Element == UInt8 {
    /// Whether `pattern` occurs in the bytes (for "the token appears nowhere" checks that must not decode).
    package func containsSequence(_ pattern: [UInt8]) -> Bool {
        guard count >= pattern.count else { return false }
        return (0...(count - pattern.count)).contains { self[$0..<($0 + pattern.count)].elementsEqual(pattern) }
    }
}
