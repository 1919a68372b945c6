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
                                        sources: analysis.sources, diagnostics: target.diagnostics + analysis.diagnostics)
        var context = ReportContext(sources: analysis.sources + target.sources, rules: CodeRules.descriptions)
        context.useColor = format == .text && Output.useColor
        Output.standardOutput(format.reporter.render(diagnostics, context: context))
        if diagnostics.contains(where: { $0.severity == .error || (strict && $0.severity == .warning) }) {
            throw ExitCode(1)
        }
    }
}

extension ReportFormat: ExpressibleByArgument {}

/// The entry point: ckschema's exit codes (0/1/2); usage errors are exit 2 like every ckschema command.
@main
enum Main {
    static func main() {
        do {
            var command = try CheckCodeCommand.parseAsRoot()
            try command.run()
        } catch let code as ExitCode {
            exit(code.rawValue)
        } catch {
            if CheckCodeCommand.exitCode(for: error) == .success {
                CheckCodeCommand.exit(withError: error)  // --help, --version
            }
            FileHandle.standardError.write(Data((CheckCodeCommand.fullMessage(for: error) + "\n").utf8))
            exit(2)
        }
    }
}
