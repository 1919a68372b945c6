import ArgumentParser
import CKSchemaCore
import CKSchemaRules

/// `ckschema lint [PATH…]`: every lint rule over YAML and `.ckdb` inputs.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check schema files against CloudKit's rules.",
        discussion: """
            PATHs are YAML files or folders (merged into one schema), .ckdb files (each a schema of its own), \
            an environment name (development, production) for its snapshot, or '-' for standard input. Files \
            must be regular files (links to them are followed). Default: the project schema. \
            Exit status: 0 no errors (warnings allowed), 1 errors found (or warnings with --strict), 2 could not run.
            """
    )

    @Argument(help: "Schema files or folders, or environment names (default: the project schema).")
    var paths: [String] = []

    @OptionGroup var project: ProjectOptions
    @OptionGroup var reporting: ReportingOptions

    func run() throws {
        let project = try Project.load(project)
        let schemas = try project.loadSchemas(paths)
        let linter = Linter(settings: project.configuration.lint)
        var diagnostics = project.diagnostics
        for schema in schemas {
            diagnostics += linter.lint(schema)
        }
        diagnostics = Diagnostic.sortedForOutput(diagnostics)
        reporting.report(diagnostics, sources: schemas.flatMap(\.sources) + [project.configFile].compactMap { $0 })
        ProcessLifetime.keepUntilExit(schemas)
        if reporting.fails(diagnostics) {
            throw ExitCode(ExitStatus.findings)
        }
    }
}
