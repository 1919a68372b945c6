import CKSchemaBenchmarkSchemas
import CKSchemaCore
import CKSchemaParsing
import CKSchemaPrinting
import CKSchemaRules
import CYaml
import Foundation

/// `swift run -c release ckschema-lint-bench [--types N] [--fields N] [--runs N] [--per-rule] [--write DIR]`: the
/// whole lint (parse + every rule) of a schema at CloudKit's limits, in YAML and `.ckdb`, against libyaml's bare
/// event parse of the same YAML. Prints the median of the runs. `--write DIR` only writes the two files
/// (`bench.yaml`, `bench.ckdb`) for `scripts/bench-lint.sh`, which measures whole `ckschema lint` runs;
/// `--faults` injects mistakes into every fifth record type (`BenchmarkSchema.injectingFaults`).
@main
enum LintBench {
    static func main() {
        let options = Options(CommandLine.arguments.dropFirst())
        let clean = BenchmarkSchema.make(recordTypes: options.types, fields: options.fields)
        let schema = options.faults ? BenchmarkSchema.injectingFaults(into: clean) : clean
        let yaml = SourceFile(path: "bench.yaml", text: YAMLPrinter.print(schema))
        let ckdb = SourceFile(path: "bench.ckdb", text: CKDBPrinter.print(schema))
        let linter = Linter()
        if let folder = options.writeFolder {
            write(yaml, ckdb, to: folder)
            return
        }
        guard !options.faults else {
            print("error: --faults writes a schema with mistakes for other tools; use it with --write")
            exit(2)
        }
        let parsedYAML = YAMLSchemaParser.parse([yaml])
        let parsedCKDB = CKDBParser.parse(ckdb)
        guard !parsedYAML.hasErrors, !parsedCKDB.hasErrors, parsedYAML.schema == schema else {
            print("error: the benchmark schema does not read back cleanly")
            exit(1)
        }
        let findingsYAML = linter.lint(parsedYAML).count, findingsCKDB = linter.lint(parsedCKDB).count

        let bare = measure(options.runs) { libyamlEventCount(yaml.text) }
        let parse = measure(options.runs) { YAMLSchemaParser.parse([SourceFile(path: yaml.path, text: yaml.text)]).schema.recordTypes.count }
        let lintYAML = measure(options.runs) {
            linter.lint(YAMLSchemaParser.parse([SourceFile(path: yaml.path, text: yaml.text)])).count
        }
        let rulesOnly = measure(options.runs) { linter.lint(parsedYAML).count }
        let lintCKDB = measure(options.runs) { linter.lint(CKDBParser.parse(SourceFile(path: ckdb.path, text: ckdb.text))).count }

        let megabytes = { (text: String) in String(format: "%.1f MB", Double(text.utf8.count) / 1_000_000) }
        print("ckschema lint benchmark: \(options.types) record types × \(options.fields) fields "
              + "(YAML \(megabytes(yaml.text)), .ckdb \(megabytes(ckdb.text))), \(LintRules.all.count) rules, "
              + "median of \(options.runs) runs")
        row("libyaml bare event parse (YAML)", bare)
        row("YAML parse", parse)
        row("YAML parse + lint", lintYAML, detail: "\(findingsYAML) findings")
        row("  of which the rules", rulesOnly)
        row(".ckdb parse + lint", lintCKDB, detail: "\(findingsCKDB) findings")
        print(String(format: "ratio YAML parse + lint / libyaml bare parse: %.2f× (goal ≤ 3×)", lintYAML / bare))
        if options.perRule { perRule(parsedYAML, runs: options.runs) }
    }

    /// Writes the benchmark schema in both languages into `folder`.
    static func write(_ files: SourceFile..., to folder: String) {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for file in files {
                try Data(file.text.utf8).write(to: URL(fileURLWithPath: folder).appendingPathComponent(file.path))
            }
        } catch {
            print("error: cannot write the benchmark schema into \(folder): \(error)")
            exit(2)
        }
    }

    /// Each rule's own time on the parsed YAML schema, slowest first.
    static func perRule(_ parsed: ParsedSchema, runs: Int) {
        print("per rule, called directly (YAML):")
        let times = LintRules.all.map { rule in
            let description = rule.description
            let context = LintContext(sourceMap: parsed.sourceMap, language: parsed.language, rule: description,
                                      severity: description.defaultSeverity)
            return (description.id.rawValue, measure(runs) { rule.init().lint(parsed.schema, context: context).count })
        }
        for (id, time) in times.sorted(by: { $0.1 > $1.1 }) { row("  \(id)", time) }
    }

    /// Events libyaml produces for `text`, with no further work: the floor any YAML reader stands on.
    static func libyamlEventCount(_ text: String) -> Int {
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

    /// The median time of `runs` runs of `work`, in milliseconds, after one warm-up run.
    static func measure(_ runs: Int, _ work: () -> Int) -> Double {
        var sink = work()
        var times: [Double] = []
        for _ in 0..<max(1, runs) {
            let start = ContinuousClock.now
            sink &+= work()
            let elapsed = ContinuousClock.now - start
            times.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
        }
        if sink == Int.min { print(sink) }  // keeps the work from being optimised away
        return times.sorted()[times.count / 2]
    }

    static func row(_ label: String, _ milliseconds: Double, detail: String = "") {
        let padded = label.padding(toLength: 36, withPad: " ", startingAt: 0)
        print(String(format: "%@ %9.1f ms  %@", padded, milliseconds, detail))
    }

    struct Options {
        var types = 200, fields = 200, runs = 7, perRule = false
        var writeFolder: String?
        var faults = false

        init(_ arguments: ArraySlice<String>) {
            var rest = arguments
            while let argument = rest.popFirst() {
                switch argument {
                case "--types": types = rest.popFirst().flatMap(Int.init) ?? types
                case "--fields": fields = rest.popFirst().flatMap(Int.init) ?? fields
                case "--runs": runs = rest.popFirst().flatMap(Int.init) ?? runs
                case "--per-rule": perRule = true
                case "--write": writeFolder = rest.popFirst()
                case "--faults": faults = true
                default:
                    print("unknown option '\(argument)'; options: --types N --fields N --runs N --per-rule --write DIR "
                        + "--faults")
                }
            }
            types = max(1, types)
            fields = max(1, fields)
        }
    }
}
