import CKSchemaCore
import CKSchemaValidation
import Foundation

/// `ckschema-bench validate [--records N] [--layout ndjson|response] [--input FILE] [--write-workload DIR]
/// [--parallelism N] [--repeat K]`
///
/// Generates the workload (or reads `--input`), validates it as a file with `RecordValidator` and prints
/// records/s, MB/s and peak RSS. `--write-workload DIR` only writes `records.ndjson` and `schema.json` (the
/// equivalent JSON Schema) for the peer benchmark in `scripts/bench-validate.sh`.
enum ValidateBenchmark {
    static let summary = "validate Web Services NDJSON records against a one-type schema"

    /// Runs the benchmark with the command-line `arguments` that follow `validate`.
    static func run(_ arguments: [String]) throws {
        let records = try BenchmarkSupport.integer("records", in: arguments, default: 200_000)
        let parallelism = try BenchmarkSupport.integer(
            "parallelism", in: arguments, default: ValidationOptions.availableProcessors)
        let repeats = try BenchmarkSupport.integer("repeat", in: arguments, default: 1)
        let layoutName = BenchmarkSupport.option("layout", in: arguments) ?? "ndjson"
        guard let layout = ValidateWorkload.Layout(rawValue: layoutName) else {
            throw BenchmarkSupport.UsageError(description: "--layout is ndjson or response, not '\(layoutName)'")
        }
        if let directory = BenchmarkSupport.option("write-workload", in: arguments) {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let bytes = try ValidateWorkload.write(count: records, to: directory + "/records.ndjson")
            try ValidateWorkload.jsonSchema.write(toFile: directory + "/schema.json", atomically: true, encoding: .utf8)
            print("wrote \(records) records (\(BenchmarkSupport.megabytes(bytes))) to \(directory)/records.ndjson")
            return
        }
        let input: String
        if let path = BenchmarkSupport.option("input", in: arguments) {
            input = path
        } else {
            input = NSTemporaryDirectory() + "ckschema-bench-validate-\(records)-\(layout.rawValue).json"
            if !FileManager.default.fileExists(atPath: input) {
                _ = try ValidateWorkload.write(count: records, layout: layout, to: input)
            }
        }
        let validator = RecordValidator(
            schema: ValidateWorkload.schema, options: ValidationOptions(parallelism: parallelism))
        var best = Double.infinity
        var bestCPU = Double.infinity
        var result = ValidationResult()
        for _ in 0..<repeats {
            let cpuBefore = BenchmarkSupport.cpuSeconds()
            let (run, seconds) = try BenchmarkSupport.time { try validator.validate([.file(input)]) }
            bestCPU = min(bestCPU, BenchmarkSupport.cpuSeconds() - cpuBefore)
            result = run
            best = min(best, seconds)
        }
        let recordsPerSecond = Double(result.recordCount) / best
        let megabytesPerSecond = Double(result.byteCount) / best / 1_000_000
        print("ckschema validate: \(result.recordCount) records, \(BenchmarkSupport.megabytes(result.byteCount)), "
            + "\(result.invalidRecordCount) invalid, \(result.diagnostics.count) findings, \(parallelism) threads")
        print(String(format: "ckschema records/s: %.0f", recordsPerSecond))
        print(String(format: "ckschema MB/s: %.1f", megabytesPerSecond))
        print(String(format: "ckschema seconds: %.3f", best))
        // CPU time (all threads, user and system) varies less than wall time on a shared machine.
        print(String(format: "ckschema CPU seconds: %.3f", bestCPU))
        if let peak = BenchmarkSupport.peakResidentBytes() {
            print("ckschema peak RSS: \(BenchmarkSupport.megabytes(peak))")
        }
    }
}
