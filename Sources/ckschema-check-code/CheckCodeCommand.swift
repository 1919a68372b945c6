import ArgumentParser
import CKSchemaCodeAnalysis
import CKSchemaCore
package import CKSchemaReporting
import CKSchemaRules
import Foundation

/// `ckschema-check-code` (run as `ckschema check-code`): the app's Swift code against the schema it ships
/// to. Its own executable so that `ckschema` builds without swift-syntax.
struct CheckCodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ckschema check-code",
        abstract: "Check an app's Swift code against the CloudKit schema it ships to.",
        discussion: """
            Reads the record types, field keys, queries, sorts and desired keys the code uses and reports what \
            the schema lacks: types and fields never deployed, fields without the index a query or sort needs, \
            values of the wrong type. PATHs are Swift files or folders (default: code.paths in ckschema.yaml, \
            else Sources). The schema is the production snapshot unless --against or --schema says otherwise. \
            Exit status: 0 no errors, 1 findings (or warnings with --strict), 2 could not run.
            """,
        version: CKSchemaVersion.current
    )

    @Argument(help: "Swift files or folders (default: code.paths in ckschema.yaml, else Sources).")
    var paths: [String] = []

    @Option(name: .long, help: ArgumentHelp("The environment the app ships to: its snapshot is the schema.",
                                            valueName: "environment"))
    var against: String?

    @Option(name: .long, help: ArgumentHelp("Any schema instead: YAML files or folders, a .ckdb file, or an environment name.",
                                            valueName: "schema"))
    var schema: [String] = []

    @Option(name: .long, help: "Output format: text, json, github (Actions annotations) or sarif.")
    var format: ReportFormat = .text

    @Flag(name: .long, help: "Treat warnings as errors: any warning makes the exit status 1.")
    var strict = false

    @Option(name: .long, help: ArgumentHelp("The project configuration file (default: ckschema.yaml if present).",
                                            valueName: "file"))
    var config: String?

    @Flag(name: .long, help: ArgumentHelp("List every use found (file:line:column, kind, record type, key) instead of checking.",
                                          visibility: .hidden))
    var listUses = false

    func validate() throws {
        if against != nil && !schema.isEmpty { throw ValidationError("give --against or --schema, not both") }
        if let against, CloudKitEnvironment(rawValue: against) == nil {
            throw ValidationError("--against takes an environment name: development or production")
        }
    }

    func run() throws {
        let project = try CheckCodeProject.load(configPath: config)
        let target = try project.loadSchema(against: against.flatMap(CloudKitEnvironment.init), schema: schema)
        let analysis = try project.analyze(paths)
        if listUses {
            Output.standardOutput(analysis.usages.map { "\($0.location)\t\($0.listing)\n" }.joined())
            return
        }
        let checker = CodeChecker(settings: project.configuration.code.rules)
        let diagnostics = checker.check(analysis.usages, against: target.schema, schemaName: target.name,
                                        environment: target.environment, sources: analysis.sources, diagnostics: target.diagnostics + analysis.diagnostics)
        var context = ReportContext(sources: analysis.sources + target.sources, rules: CodeRules.descriptions)
        context.useColor = format == .text && Output.useColor
        Output.standardOutput(format.reporter.render(diagnostics, context: context))
        if let summary = Self.summary(analysis, diagnostics: diagnostics) { Output.standardError(summary + "\n") }
        if diagnostics.contains(where: { $0.severity == .error || (strict && $0.severity == .warning) }) {
            throw ExitCode(1)
        }
    }
}

extension CheckCodeCommand {
    /// What a run without errors or warnings checked, on standard error (as lint's summary), so that
    /// "checked nothing" and "found nothing" differ: `12 files, 30 record uses: no problems (2 not resolved)`;
    /// with no CloudKit use at all, says so and points SwiftData `@Model` code to `ckschema check-models`.
    static func summary(_ analysis: CodeAnalysis, diagnostics: [Diagnostic]) -> String? {
        func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
        let files = count(analysis.sources.count, "file")
        guard !analysis.usages.isEmpty else {
            var text = "\(files): no CloudKit record use found"
            if analysis.modelClassCount > 0 {
                let models = analysis.modelClassCount
                text += "; the code declares \(models) SwiftData @Model class\(models == 1 ? "" : "es"): "
                    + "check the CloudKit schema they create with 'ckschema check-models'"
            }
            return text
        }
        guard !diagnostics.contains(where: { $0.severity == .error || $0.severity == .warning }) else { return nil }
        let unresolved = analysis.usages.filter { if case .unresolved? = $0.key { true } else { false } }.count
        return "\(files), \(count(analysis.usages.count, "record use")): no problems"
            + (unresolved > 0 ? " (\(unresolved) not resolved)" : "")
    }
}

extension ReportFormat: ExpressibleByArgument {}

/// The entry point: ckschema's exit codes (0/1/2); usage errors are exit 2 like every ckschema command.
@main
enum Main {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if ReadModelsCommand.isRequested(arguments) { run(ReadModelsCommand.self, Array(arguments.dropFirst())) }
        if AppFactsCommand.isRequested(arguments) { run(AppFactsCommand.self, Array(arguments.dropFirst())) }
        run(CheckCodeCommand.self, arguments)
    }

    /// Runs `command` with `arguments`: exit 0, or the command's exit code, or 2 for any other error.
    private static func run<Command: ParsableCommand>(_ command: Command.Type, _ arguments: [String]) -> Never {
        do {
            var parsed = try Command.parseAsRoot(arguments)
            try parsed.run()
            exit(0)
        } catch let code as ExitCode {
            exit(code.rawValue)
        } catch {
            if Command.exitCode(for: error) == .success {
                Command.exit(withError: error)  // --help, --version
            }
            FileHandle.standardError.write(Data((Command.fullMessage(for: error) + "\n").utf8))
            exit(2)
        }
    }
}
