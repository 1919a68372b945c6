/// Values a command has finished with but that are not worth freeing: the process exits right after, and the
/// system takes its memory back at once, where releasing a parsed 40,000-field schema string by string cost
/// 18 million instructions — 2% of a whole lint (the `-disable-free` of compilers).
enum ProcessLifetime {
    nonisolated(unsafe) private static var kept: [Any] = []

    /// Keeps `value` alive until the process exits. Call it only from the executable's commands, last.
    static func keepUntilExit(_ value: Any) {
        kept.append(value)
    }
}
