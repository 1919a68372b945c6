import ArgumentParser
import CKSchemaCore
import CKSchemaRules
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
        var diagnostics = SchemaLint.run(schemas, settings: project.configuration.lint, configuration: project.diagnostics,
                                         production: ProductionBaseline(snapshotPath: project.snapshotPath(.production)))
        let access = try project.accessTestFindings(paths: paths, schemas: schemas)
        diagnostics = Diagnostic.sortedForOutput(diagnostics + access.diagnostics)
        // JSON and SARIF print a document even when it is empty; text prints nothing, hence the summary.
        reporting.report(diagnostics, sources: SchemaLint.sources(schemas, configFile: project.configFile) + access.sources)
        if diagnostics.isEmpty, !quiet { Console.error(SchemaLint.cleanSummary(schemas)) }
        ProcessLifetime.keepUntilExit(schemas)
        if AccessTestChecker.hasInvalidTests(diagnostics) {
            throw ExitCode(ExitStatus.couldNotRun)
        }
        if reporting.fails(diagnostics) {
            throw ExitCode(ExitStatus.findings)
        }
    }

}
