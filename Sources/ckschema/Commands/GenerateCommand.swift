import ArgumentParser
package import CKSchemaCodegen
import CKSchemaCore
import CKSchemaExternalGenerators
import CKSchemaRules
import CKSchemaService
import Foundation

extension SwiftGeneratorOptions.AccessLevel: ExpressibleByArgument {}

/// `ckschema generate NAME`: built-in generators (`swift`, `ckdb`, `json-schema`, `docs`) or an external
/// `ckschema-gen-NAME` from PATH, writing only files whose content changed; `--check` reports stale output.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Generate Swift models, .ckdb, a JSON Schema, docs, or an external generator's files.",
        discussion: """
            NAME is swift, ckdb, json-schema or docs, or any other name to run 'ckschema-gen-NAME' from PATH \
            (schema as JSON on standard input, files as JSON on standard output; see docs/generators.md). \
            Files are written atomically and only when their content changed; files generated earlier and no \
            longer produced are removed. Exit status: 0 written or current, 1 --check found stale files, \
            2 could not run (nothing is written).
            """
    )

    @Argument(help: "The generator: swift, ckdb, json-schema, docs, or NAME for 'ckschema-gen-NAME' on PATH.")
    var generator: String

    @Option(name: .long, help: ArgumentHelp(
        "A YAML schema file or folder, a .ckdb file, or an environment name (repeatable; default: the project schema).",
        valueName: "path"))
    var schema: [String] = []

    @Option(name: .shortAndLong, help: ArgumentHelp(
        "The folder to write into (default: 'generate.NAME.output' in ckschema.yaml).", valueName: "dir"))
    var output: String?

    @Option(name: .long, help: "The access level of the Swift models: internal or public (swift only).")
    var access: SwiftGeneratorOptions.AccessLevel?

    @Option(name: .customLong("option"), help: ArgumentHelp(
        "A generator option KEY=VALUE (repeatable); overrides 'generate.NAME' keys in ckschema.yaml.",
        valueName: "key=value"))
    var options: [String] = []

    @Option(name: .long, help: "Seconds an external generator may run (default 60).")
    var timeout: Double = 60

    @Flag(name: .long, help: "Write nothing; list stale files and exit 1 if there are any.")
    var check = false

    @OptionGroup var project: ProjectOptions

    func validate() throws {
        if access != nil, generator != "swift" {
            throw ValidationError("--access applies to the swift generator only")
        }
        if !(timeout > 0) {
            throw ValidationError("--timeout must be a positive number of seconds")
        }
        for option in options where !option.contains("=") || option.hasPrefix("=") {
            throw ValidationError("--option takes KEY=VALUE, not '\(option)'")
        }
    }

    func run() throws {
        try checkGeneratorExists()
        let project = try Project.load(project)
        let settings = project.configuration.generators[generator] ?? GeneratorSettings()
        guard let outputPath = output ?? settings.output.map(project.path) else {
            throw CommandFailure.couldNotRun(
                "no output folder: pass --output or set 'generate.\(generator).output' in ckschema.yaml")
        }
        let parsed = try project.loadSchema(schema)
        let options = generatorOptions(settings)
        let generation = try project.generation(parsed, schemaArguments: schema, generator: generator, into: outputPath) {
            (input) throws(ServiceError) in try generate(input, options: options)
        }
        if !generation.diagnostics.isEmpty { TextOutput.printToStandardError(generation.diagnostics, sources: parsed.sources) }
        let plan = generation.output
        if check {
            guard plan.isCurrent else {
                Console.output(plan.staleDescription)
                throw ExitCode(ExitStatus.findings)
            }
            return
        }
        try plan.apply()
        if !plan.isCurrent { Console.error(plan.summary) }
    }

    /// Stops a mistyped generator name (`swfit`) before anything is read, naming the closest generator.
    private func checkGeneratorExists() throws {
        guard !BuiltInGenerators.names.contains(generator) else { return }
        let path = ProcessInfo.processInfo.environment["PATH"]
        do {
            _ = try ExternalGenerator.locate(named: generator, searchPath: path)
        } catch {
            let close = Spelling.closest(generator, among: BuiltInGenerators.names)
            throw CommandFailure.couldNotRun(error.description + Spelling.didYouMean(close))
        }
    }

    /// The generator options: configuration keys, then `--option`s, then `--access`.
    private func generatorOptions(_ settings: GeneratorSettings) -> [String: String] {
        var merged = settings.options
        for option in options {
            let parts = option.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            merged[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
        }
        if let access { merged["access"] = access.rawValue }
        return merged
    }

    private func generate(_ input: GeneratorInput, options: [String: String]) throws(ServiceError) -> GenerationResult {
        do {
            if let builtIn = try BuiltInGenerators.make(generator, options: options) {
                return builtIn.generate(input)
            }
            let external = try ExternalGenerator.locate(
                named: generator, searchPath: ProcessInfo.processInfo.environment["PATH"], timeout: timeout)
            return try external.run(input, parameters: options.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
        } catch let error as GeneratorOptionError {
            throw .couldNotRun(error.message)
        } catch let error as ExternalGeneratorError {
            throw .couldNotRun(error.description)
        } catch {
            throw .couldNotRun("\(error)")
        }
    }
}
