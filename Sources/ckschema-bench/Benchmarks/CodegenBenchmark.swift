import CKSchemaCodegen
import CKSchemaCore
import Foundation

/// `ckschema-bench codegen [--types N] [--fields N] [--repeat K] [--write DIR] [--migrations]`
///
/// `--migrations`: one field migration per record type (its first DOUBLE field replaces its first INT64 field,
/// written back), in the generated models and, by hand, in the baseline.
///
/// Builds the N × N workload schema, times the Swift generator on it (best of K) and prints files, lines and
/// seconds. `--write DIR` also writes the generated models to `DIR/generated/` and the hand-written
/// seed-style baseline for the same schema to `DIR/handwritten/`, and that baseline with the hand-written
/// conflict resolver that `merge:` policies replace to `DIR/handwritten-resolver/`, for
/// `scripts/bench-codegen.sh`, which type-checks the three against the CloudKit stand-ins.
enum CodegenBenchmark {
    static let summary = "generate Swift models for an N×N schema; write them and a hand-written baseline"

    static func run(_ arguments: [String]) throws {
        let types = try BenchmarkSupport.integer("types", in: arguments, default: 200)
        let fields = try BenchmarkSupport.integer("fields", in: arguments, default: 200)
        let repeats = try BenchmarkSupport.integer("repeat", in: arguments, default: 3)
        let migrations = arguments.contains("--migrations")
        let schema = CodegenWorkload.schema(types: types, fields: fields, migrations: migrations)
        let input = GeneratorInput(schema: schema, schemaPath: "bench-\(types)x\(fields).yaml")
        let generator = SwiftGenerator()
        var best = Double.infinity
        var result = GenerationResult(files: [], diagnostics: [])
        for _ in 0..<repeats {
            let (run, seconds) = BenchmarkSupport.time { generator.generate(input) }
            result = run
            best = min(best, seconds)
        }
        guard result.succeeded else {
            throw BenchmarkSupport.UsageError(description: "the workload does not generate: \(result.diagnostics)")
        }
        let lines = result.files.reduce(0) { $0 + lineCount($1.contents) }
        let bytes = result.files.reduce(0) { $0 + $1.contents.utf8.count }
        print("ckschema generate swift: \(types) record types × \(fields) fields, \(result.files.count) files, "
            + "\(lines) lines, \(BenchmarkSupport.megabytes(bytes))")
        print(String(format: "generation seconds: %.3f", best))
        if let peak = BenchmarkSupport.peakResidentBytes() {
            print("generation peak RSS: \(BenchmarkSupport.megabytes(peak))")
        }
        if let directory = BenchmarkSupport.option("write", in: arguments) {
            try write(result.files, handwrittenTypes: types, fields: fields, migrations: migrations, to: directory)
        }
    }

    private static func write(_ files: [GeneratedFile], handwrittenTypes types: Int, fields: Int, migrations: Bool,
                              to directory: String) throws {
        let generated = directory + "/generated"
        let handwritten = directory + "/handwritten"
        let withResolver = directory + "/handwritten-resolver"
        for folder in [generated, handwritten, withResolver] {
            try? FileManager.default.removeItem(atPath: folder)
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        for file in files {
            try file.contents.write(toFile: generated + "/" + file.name, atomically: false, encoding: .utf8)
        }
        var handwrittenLines = 0
        var resolverLines = 0
        for index in 0..<types {
            let name = CodegenWorkload.typeName(index)
            let model = SeedStyleFixture.source(typeIndex: index, types: types, fields: fields, migrations: migrations)
            let resolver = SeedStyleResolverFixture.source(typeIndex: index, fields: fields)
            handwrittenLines += lineCount(model)
            resolverLines += lineCount(resolver)
            try model.write(toFile: handwritten + "/\(name).swift", atomically: false, encoding: .utf8)
            try model.write(toFile: withResolver + "/\(name).swift", atomically: false, encoding: .utf8)
            try resolver.write(toFile: withResolver + "/\(name)+Conflicts.swift", atomically: false, encoding: .utf8)
        }
        let dispatch = SeedStyleResolverFixture.dispatchSource(types: types)
        resolverLines += lineCount(dispatch)
        try dispatch.write(toFile: withResolver + "/ConflictResolution.swift", atomically: false, encoding: .utf8)
        print("wrote \(files.count) generated files to \(generated), \(types) hand-written files "
            + "(\(handwrittenLines) lines) to \(handwritten), and the same with a hand-written conflict resolver "
            + "(\(handwrittenLines + resolverLines) lines) to \(withResolver)")
    }

    private static func lineCount(_ text: String) -> Int {
        text.utf8.count(where: { $0 == UInt8(ascii: "\n") })
    }
}
