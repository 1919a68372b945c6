/// One reader under fuzzing and the invariants every input must keep: `FuzzOracle` (the schema parsers, the
/// linter and the printers) and `RecordFuzzOracle` (the record reader and every record check).
package protocol FuzzTarget: Sendable {
    /// Runs one input and reports what broke.
    func check(_ bytes: some Collection<UInt8>) -> FuzzOutcome
}

/// The outcome of one input.
package struct FuzzOutcome: Sendable {
    /// Broken invariants, each one sentence.
    package var failures: [String] = []
    /// The IDs of the diagnostics found, a cheap fingerprint of the paths the input took.
    package var diagnosticIDs: Set<String> = []

    package init(failures: [String] = [], diagnosticIDs: Set<String> = []) {
        self.failures = failures
        self.diagnosticIDs = diagnosticIDs
    }
}
