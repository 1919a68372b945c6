import CKSchemaCore
import CKSchemaValidation
import Foundation

/// `ckschema-bench validate-layouts FILE… [--rounds N] [--passes P] [--parallelism N]`
///
/// The same records in several layouts, each file's rate against the first file's (NDJSON in
/// `scripts/bench-validate.sh`). One process reads every file in every round, so the files are compared
/// within the same seconds: on the shared 2-core machine the host's speed drifts by 20% within a minute and a
/// single 50 ms pass swings by 50%, far more than the layouts differ, so comparing separate processes ran
/// into the drift rather than the code. Each round reads every file `passes` times in a row (one sample) and
/// starts at the next file, so no layout always runs first. Per file it prints the best sample's rate and the
/// median round's ratio to the first file's sample in that round.
enum ValidateLayoutsBenchmark {
    static let summary = "the same records in several layouts, each file's rate against the first's"

    /// One file's samples: seconds and CPU seconds per pass.
    private struct Samples {
        var seconds: [Double] = []
        var cpu: [Double] = []
        var records = 0
    }

    /// Runs the benchmark with the command-line `arguments` that follow `validate-layouts`.
    static func run(_ arguments: [String]) throws {
        let rounds = try BenchmarkSupport.integer("rounds", in: arguments, default: 9)
        let passes = try BenchmarkSupport.integer("passes", in: arguments, default: 3)
        let parallelism = try BenchmarkSupport.integer(
            "parallelism", in: arguments, default: ValidationOptions.availableProcessors)
        let files = BenchmarkSupport.operands(arguments, options: ["rounds", "passes", "parallelism"])
        guard files.count >= 2 else {
            throw BenchmarkSupport.UsageError(description: "validate-layouts needs two files or more: the first is the reference")
        }
        let validator = RecordValidator(
            schema: ValidateWorkload.schema, options: ValidationOptions(parallelism: parallelism))
        var samples = Array(repeating: Samples(), count: files.count)
        for (index, file) in files.enumerated() {  // Warm-up: the page cache, the allocator, the threads.
            let result = try validator.validate([.file(file)])
            guard result.invalidRecordCount == 0, result.recordCount > 0 else {
                throw BenchmarkSupport.UsageError(description: "\(file): \(result.recordCount) records, "
                    + "\(result.invalidRecordCount) invalid; the layouts must hold the same valid records")
            }
            samples[index].records = result.recordCount
        }
        for round in 0..<rounds {
            for step in 0..<files.count {
                let index = (round + step) % files.count
                let cpuBefore = BenchmarkSupport.cpuSeconds()
                let (_, seconds) = try BenchmarkSupport.time {
                    for _ in 0..<passes { _ = try validator.validate([.file(files[index])]) }
                }
                samples[index].seconds.append(seconds / Double(passes))
                samples[index].cpu.append((BenchmarkSupport.cpuSeconds() - cpuBefore) / Double(passes))
            }
        }
        print("validate-layouts: \(rounds) rounds of \(passes) passes per file, \(parallelism) threads")
        print("file records/s(best) ratio(best) ratio(median-round) ratio(lowest-round) cpu-seconds(best)")
        let reference = samples[0]
        let referenceRate = Double(reference.records) / reference.seconds.min()!
        for (index, file) in files.enumerated() {
            let mine = samples[index]
            let rate = Double(mine.records) / mine.seconds.min()!
            let bestRatio = rate / referenceRate
            // A round's ratio: the reference's time over this file's, per record.
            let roundRatios = zip(mine.seconds, reference.seconds).map { mineSeconds, referenceSeconds in
                (referenceSeconds / Double(reference.records)) / (mineSeconds / Double(mine.records))
            }.sorted()
            print(String(format: "%@ %.0f %.3f %.3f %.3f %.4f", (file as NSString).lastPathComponent, rate, bestRatio,
                         roundRatios[roundRatios.count / 2], roundRatios[0], mine.cpu.min()!))
        }
    }
}
