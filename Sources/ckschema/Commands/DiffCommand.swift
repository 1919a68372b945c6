import ArgumentParser
import CKSchemaCore
package import CKSchemaReporting
import CKSchemaRules
import CKSchemaService

extension DiffFormat: ExpressibleByArgument {}

/// `ckschema diff [--from BASE] [--to TARGET]`: what a deploy would change, and whether production accepts it.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two schemas and classify each change by CloudKit's production rules.",
        discussion: """
            BASE and TARGET are a YAML file or folder, a .ckdb file, an environment name (development, \
            production: its snapshot in environments/; a missing snapshot is an empty environment), or \
            git:REVISION:PATH (read with git show; no checkout). Each change is safe, a warning, or breaking \
            (production refuses it), judged by what production's snapshot holds whatever the two sides are: \
            deleting what only development has is a warning. See `ckschema rules` and docs/diff.md. \
            Exit status: 0 deployable (no breaking change), 1 breaking changes (with --exit-code: any change), \
            2 could not run (an unreadable or invalid side, an unknown environment or revision).
            """
    )

    @Option(name: .long, help: ArgumentHelp("The baseline: the schema to stay compatible with.", valueName: "base"))
    var from: String = CloudKitEnvironment.production.rawValue

    @Option(name: .long, help: ArgumentHelp("The candidate: the schema to deploy (default: the project schema).",
                                            valueName: "target"))
    var to: String?

    @Option(name: .long, help: "Output format: text, json, markdown (a pull-request comment) or github (annotations).")
    var format: DiffFormat = .text

    @Flag(name: .long, help: "Exit 1 on any change, not only on breaking ones (for drift checks).")
    var exitCode = false

    @OptionGroup var project: ProjectOptions

    func run() throws {
        let project = try Project.load(project)
        if !project.diagnostics.isEmpty {
            TextOutput.printToStandardError(project.diagnostics, sources: [project.configFile].compactMap { $0 })
        }
        let baseline = try project.loadDiffInput(from)
        let candidate = try project.loadDiffInput(to)
        try Self.requireValid([("baseline", baseline), ("candidate", candidate)], format: format)
        let report = SchemaComparison.report(baseline: baseline, candidate: candidate,
                                             settings: project.configuration.diff, environments: try project.environments())
        Console.output(format.render(report), style: format == .json ? .json : .readable)
        if !report.changes.isDeployable || (exitCode && !report.changes.isEmpty) {
            throw ExitCode(ExitStatus.findings)
        }
    }

    /// Stops with exit 2 when a side has parse errors, after printing them (as annotations for `github`).
    private static func requireValid(_ sides: [(role: String, input: DiffSide)], format: DiffFormat) throws(CommandFailure) {
        guard let invalid = SchemaComparison.invalidSides(sides.map { ($0.role, $0.input) }) else { return }
        if format == .github {
            Console.output(GitHubReporter().render(invalid.diagnostics, context: ReportContext(sources: invalid.sources)))
        } else {
            TextOutput.printToStandardError(invalid.diagnostics, sources: invalid.sources)
        }
        throw .couldNotRun(invalid.message)
    }
}
