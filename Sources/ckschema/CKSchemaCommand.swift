import ArgumentParser
import CKSchemaReporting
import CKSchemaService
import Foundation

/// The `ckschema` command: CloudKit schema as code.
struct CKSchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ckschema",
        abstract: "CloudKit schema as code: lint, convert, diff, validate, deploy and generate Swift, offline.",
        discussion: """
            Exit status: 0 success, 1 findings (errors, breaking changes, invalid records, stale output), \
            2 could not run (bad arguments, unreadable input, backend failure).

            """ + ExternalSubcommand.helpText,
        version: CKSchemaVersion.current,
        subcommands: [
            InitCommand.self,
            LintCommand.self,
            ConvertCommand.self,
            DiffCommand.self,
            GenerateCommand.self,
            ValidateCommand.self,
            DeployCommand.self,
            PullCommand.self,
            DriftCommand.self,
            CheckModelsCommand.self,
            AccessCommand.self,
            DoctorCommand.self,
            RulesCommand.self,
        ]
    )
}

/// The entry point: runs the command and maps every outcome onto ckschema's exit codes (0/1/2), printing
/// usage errors and tool errors as one clear message on standard error.
@main
enum Main {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        // No subcommand is a usage error: the help goes to standard error and the exit status says so, so a
        // script that forgot its subcommand does not pass.
        if arguments.isEmpty {
            Console.error(CKSchemaCommand.helpMessage())
            exit(ExitStatus.couldNotRun)
        }
        let plainLint = plainLintCommand(arguments)
        if plainLint == nil, let name = arguments.first, !name.hasPrefix("-") {
            let builtIns = CKSchemaCommand.configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
            if !builtIns.contains(name) {
                let failure = ExternalSubcommand.run(name, arguments: Array(arguments.dropFirst()), builtIns: builtIns)
                Console.error("error: \(failure.message)")
                exit(failure.exitCode)
            }
        }
        do {
            var command = try plainLint ?? CKSchemaCommand.parseAsRoot()
            try command.run()
        } catch let failure as CommandFailure {
            Console.error("error: \(failure.message)")
            exit(failure.exitCode)
        } catch let error as ServiceError {
            let failure = CommandFailure(error)
            Console.error("error: \(failure.message)")
            exit(failure.exitCode)
        } catch let code as ExitCode {
            exit(code.rawValue)
        } catch {
            let status = CKSchemaCommand.exitCode(for: error)
            if status == .success {
                CKSchemaCommand.exit(withError: error)  // --help, --version
            }
            Console.error(CKSchemaCommand.fullMessage(for: error))
            exit(ExitStatus.couldNotRun)
        }
    }

    /// `lint` followed only by paths (or nothing), what CI runs on every commit, parsed by `LintCommand` alone:
    /// the root's parse, with the configurations of all eleven commands, cost 21 M instructions, this 15 M
    /// (docs/lint-benchmark.md, round 4). Anything else, and any arguments `LintCommand` refuses, take the
    /// general path, so that usage and messages stay the root's.
    private static func plainLintCommand(_ arguments: [String]) -> (any ParsableCommand)? {
        guard arguments.first == LintCommand.configuration.commandName,
              arguments.dropFirst().allSatisfy({ !$0.hasPrefix("-") }) else { return nil }
        return try? LintCommand.parse(Array(arguments.dropFirst()))
    }
}
