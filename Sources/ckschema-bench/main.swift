import Foundation

/// `ckschema-bench BENCHMARK [options]`: measures one of ckschema's engines and prints its figures.
/// Each benchmark lives in `Benchmarks/<Name>Benchmark.swift` and is listed in `benchmarks` below.
let benchmarks: [(name: String, summary: String, run: ([String]) throws -> Void)] = [
    ("lint", LintBenchmark.summary, LintBenchmark.run),
    ("codegen", CodegenBenchmark.summary, CodegenBenchmark.run),
    ("validate", ValidateBenchmark.summary, ValidateBenchmark.run),
    ("validate-layouts", ValidateLayoutsBenchmark.summary, ValidateLayoutsBenchmark.run),
    ("deploy", DeployBenchmark.summary, DeployBenchmark.run),
]

let arguments = Array(CommandLine.arguments.dropFirst())
guard let name = arguments.first, let benchmark = benchmarks.first(where: { $0.name == name }) else {
    var usage = "usage: ckschema-bench BENCHMARK [options]\n\nbenchmarks:\n"
    for benchmark in benchmarks {
        usage += "  \(benchmark.name.padding(toLength: 18, withPad: " ", startingAt: 0))\(benchmark.summary)\n"
    }
    FileHandle.standardError.write(Data(usage.utf8))
    exit(2)
}
do {
    try benchmark.run(Array(arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("ckschema-bench: \(error)\n".utf8))
    exit(2)
}
