import CKSchemaBenchmarkSchemas
import CKSchemaCore
import CKSchemaParsing
import CKSchemaPrinting
import CKSchemaRules
import CLibYAML
import Foundation

/// `ckschema-bench lint [--types N] [--fields N] [--runs N] [--per-rule] [--write DIR [--faults]]`
///
/// The whole lint (parse + every rule) of a schema at CloudKit's limits, in YAML and `.ckdb`, against libyaml's
/// bare event parse of the same YAML; prints the median of the runs. `--write DIR` only writes the files
/// `scripts/bench-lint.sh` measures with whole `ckschema lint` runs: `bench.yaml` and `bench.ckdb`, and the
/// every-feature schema of the same size as `every.yaml` and `every.ckdb` (`EveryFeatureSchema`), the seeded
/// random one as `random.yaml` and `random.ckdb` (`RandomShapeSchema`); `--faults` injects mistakes into every
/// fifth record type of each (`BenchmarkSchema.injectingFaults`).
enum LintBenchmark {
    static let summary = "lint a schema at CloudKit's limits (YAML, .ckdb) against libyaml's bare parse"

    /// Runs the benchmark with the command-line `arguments` that follow `lint`.
    static func run(_ arguments: [String]) throws {
        let types = try BenchmarkSupport.integer("types", in: arguments, default: 200)
        let fields = try BenchmarkSupport.integer("fields", in: arguments, default: 200)
        let runs = try BenchmarkSupport.integer("runs", in: arguments, default: 7)
        let clean = BenchmarkSchema.make(recordTypes: types, fields: fields)
        let faults = arguments.contains("--faults")
        let schema = faults ? BenchmarkSchema.injectingFaults(into: clean) : clean
        let yaml = SourceFile(path: "bench.yaml", text: YAMLPrinter.print(schema))
        let ckdb = SourceFile(path: "bench.ckdb", text: CKDBPrinter.print(schema))
        if let folder = BenchmarkSupport.option("write", in: arguments) {
            let others = [("every", EveryFeatureSchema.make(recordTypes: types, fields: fields)),
                          ("random", RandomShapeSchema.make(recordTypes: types, fields: fields))]
            let files = others.flatMap { name, clean in
                let schema = faults ? BenchmarkSchema.injectingFaults(into: clean) : clean
                return [SourceFile(path: "\(name).yaml", text: YAMLPrinter.print(schema)),
                        SourceFile(path: "\(name).ckdb", text: CKDBPrinter.print(schema))]
            }
            try write([yaml, ckdb] + files, to: folder)
            return
        }
        guard !faults else {
            throw BenchmarkSupport.UsageError(description: "--faults writes a schema with mistakes for other tools; use it with --write")
        }
        let linter = Linter()
        let parsedYAML = YAMLSchemaParser.parse([yaml])
        let parsedCKDB = CKDBParser.parse(ckdb)
        guard !parsedYAML.hasErrors, !parsedCKDB.hasErrors, parsedYAML.schema == schema else {
            throw BenchmarkSupport.UsageError(description: "the benchmark schema does not read back cleanly")
        }
        let findingsYAML = linter.lint(parsedYAML).count, findingsCKDB = linter.lint(parsedCKDB).count

        let bare = BenchmarkSupport.medianMilliseconds(runs) { libyamlEventCount(yaml.text) }
        let parse = BenchmarkSupport.medianMilliseconds(runs) {
            YAMLSchemaParser.parse([SourceFile(path: yaml.path, text: yaml.text)]).schema.recordTypes.count
        }
        let lintYAML = BenchmarkSupport.medianMilliseconds(runs) {
            linter.lint(YAMLSchemaParser.parse([SourceFile(path: yaml.path, text: yaml.text)])).count
        }
        let rulesOnly = BenchmarkSupport.medianMilliseconds(runs) { linter.lint(parsedYAML).count }
        let lintCKDB = BenchmarkSupport.medianMilliseconds(runs) {
            linter.lint(CKDBParser.parse(SourceFile(path: ckdb.path, text: ckdb.text))).count
        }

        let size = { (text: String) in BenchmarkSupport.megabytes(text.utf8.count) }
        print("ckschema lint benchmark: \(types) record types × \(fields) fields (YAML \(size(yaml.text)), "
              + ".ckdb \(size(ckdb.text))), \(LintRules.all.count) rules, median of \(runs) runs")
        row("libyaml bare event parse (YAML)", bare)
        row("YAML parse", parse)
        row("YAML parse + lint", lintYAML, detail: "\(findingsYAML) findings")
        row("  of which the rules", rulesOnly)
        row(".ckdb parse + lint", lintCKDB, detail: "\(findingsCKDB) findings")
        print(String(format: "ratio YAML parse + lint / libyaml bare parse: %.2f×", lintYAML / bare))
        if arguments.contains("--per-rule") { perRule(parsedYAML, runs: runs) }
    }

    /// Writes the benchmark files into `folder`.
    private static func write(_ files: [SourceFile], to folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for file in files {
            try Data(file.text.utf8).write(to: URL(fileURLWithPath: folder).appendingPathComponent(file.path))
        }
    }

    /// Each rule's own time on the parsed YAML schema, slowest first.
    private static func perRule(_ parsed: ParsedSchema, runs: Int) {
        print("per rule, called directly (YAML):")
        let times = LintRules.all.map { rule in
            let description = rule.description
            let context = LintContext(sourceMap: parsed.sourceMap, language: parsed.language, rule: description,
                                      severity: description.defaultSeverity)
            return (description.id.rawValue,
                    BenchmarkSupport.medianMilliseconds(runs) { rule.init().lint(parsed.schema, context: context).count })
        }
        for (id, time) in times.sorted(by: { $0.1 > $1.1 }) { row("  \(id)", time) }
    }

    /// Events libyaml produces for `text`, with no further work: the floor any YAML reader stands on.
    private static func libyamlEventCount(_ text: String) -> Int {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return 0 }
        defer { yaml_parser_delete(&parser) }
        var text = text
        return text.withUTF8 { bytes in
            yaml_parser_set_input_string(&parser, bytes.baseAddress, bytes.count)
            var event = yaml_event_t()
            var count = 0
            while yaml_parser_parse(&parser, &event) == 1 {
                count += 1
                let done = event.type == YAML_STREAM_END_EVENT
                yaml_event_delete(&event)
                if done { break }
            }
            return count
        }
    }

    private static func row(_ label: String, _ milliseconds: Double, detail: String = "") {
        let padded = label.padding(toLength: 36, withPad: " ", startingAt: 0)
        print(String(format: "%@ %9.1f ms  %@", padded, milliseconds, detail))
    }
}
