import ArgumentParser
import CKSchemaCore
import CKSchemaService

/// `ckschema lint [PATH…]`: every lint rule over YAML and `.ckdb` inputs.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check schema files against CloudKit's rules.",
        discussion: """
            PATHs are YAML files or folders (merged into one schema), .ckdb files (each a schema of its own), \
            an environment name (development, production) for its snapshot, or '-' for standard input. Files \
            must be regular files (links to them are followed). Default: the project schema, whose access tests \
            (under 'access:' in ckschema.yaml) run too. When the project \
            has a production snapshot, advice to remove an index production holds says so and is a note. \
            A run without findings says so in one line on standard error (--quiet: nothing). \
            Exit status: 0 no errors (warnings allowed), 1 errors found (or warnings with --strict), 2 could not run \
            (or an access test names a role or record type the schema lacks).
            """
    )

    @Argument(help: "Schema files or folders, or environment names (default: the project schema).")
    var paths: [String] = []

    @Flag(name: .shortAndLong, help: "Print nothing when there are no findings (no summary line).")
    var quiet = false

    @OptionGroup var project: ProjectOptions
    @OptionGroup var reporting: ReportingOptions

    func run() throws {
        let project = try Project.load(project)
        let schemas = try project.loadSchemas(paths)
        let lint = try project.lint(schemas, paths: paths)
        // JSON and SARIF print a document even when it is empty; text prints nothing, hence the summary.
        reporting.report(lint.diagnostics, sources: lint.sources)
        if lint.diagnostics.isEmpty, !quiet { Console.error(SchemaLint.cleanSummary(schemas)) }
        ProcessLifetime.keepUntilExit(schemas)
        if lint.hasInvalidTests {
            throw ExitCode(ExitStatus.couldNotRun)
        }
        if reporting.fails(lint.diagnostics) {
            throw ExitCode(ExitStatus.findings)
        }
    }
}
