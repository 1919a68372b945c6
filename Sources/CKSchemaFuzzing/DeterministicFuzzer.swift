package import CKSchemaCore
internal import Foundation

/// A fuzzer that needs no sanitizer runtime: it mutates a seed corpus with `FuzzMutator`, runs each input
/// through `FuzzOracle`, keeps inputs that reach a new set of diagnostics (a coarse stand-in for coverage),
/// and stops after a number of runs or seconds. Everything follows from the seed, so a failure can be
/// replayed.
package struct DeterministicFuzzer {
    /// What a run found.
    package struct Report: Sendable {
        package var executions = 0
        package var seconds = 0.0
        package var corpusSize = 0
        /// Inputs that broke an invariant, with what broke.
        package var failures: [(input: [UInt8], reasons: [String])] = []
    }

    /// The reader and invariants fuzzed.
    package let target: any FuzzTarget
    private var mutator: FuzzMutator
    private var corpus: [[UInt8]]
    private var seen: Set<Set<String>> = []

    /// A fuzzer of the `language` schema parser over `seeds` (an empty input is added), mutating with `tokens`.
    package init(language: SchemaLanguage, seeds: [[UInt8]], tokens: [[UInt8]], seed: UInt64) {
        self.init(target: FuzzOracle(language: language), seeds: seeds, tokens: tokens, seed: seed)
    }

    /// A fuzzer of `target` over `seeds` (an empty input is added), mutating with `tokens`.
    package init(target: any FuzzTarget, seeds: [[UInt8]], tokens: [[UInt8]], seed: UInt64) {
        self.target = target
        mutator = FuzzMutator(seed: seed, tokens: tokens)
        corpus = seeds + [[]]
    }

    /// Runs until `maximumExecutions` inputs or `maximumSeconds` have passed, whichever comes first.
    package mutating func run(maximumExecutions: Int, maximumSeconds: Double) -> Report {
        var report = Report()
        let start = Date()
        for seed in corpus {
            execute(seed, into: &report)
        }
        while report.executions < maximumExecutions, Date().timeIntervalSince(start) < maximumSeconds {
            let base = corpus[mutator.below(corpus.count)]
            let other = corpus[mutator.below(corpus.count)]
            let input = mutator.mutate(base, splicingWith: other)
            if execute(input, into: &report) { corpus.append(input) }
        }
        report.seconds = Date().timeIntervalSince(start)
        report.corpusSize = corpus.count
        return report
    }

    /// Runs one input; returns whether it reached diagnostics never seen together before.
    @discardableResult
    private mutating func execute(_ input: [UInt8], into report: inout Report) -> Bool {
        let outcome = target.check(input)
        report.executions += 1
        if !outcome.failures.isEmpty { report.failures.append((input, outcome.failures)) }
        return seen.insert(outcome.diagnosticIDs).inserted
    }
}
