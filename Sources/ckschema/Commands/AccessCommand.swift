import ArgumentParser
import CKSchemaCore
import CKSchemaReporting
import CKSchemaRules
import CKSchemaService
import Foundation

/// The formats of `ckschema access`: the matrix's (text, markdown, json) and, with `--check`, the findings'
/// (text, json, github, sarif).
enum AccessOutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, markdown, json, github, sarif

    var matrixFormat: AccessFormat? { AccessFormat(rawValue: rawValue) }
    var reportFormat: ReportFormat? { ReportFormat(rawValue: rawValue) }
}

/// `ckschema access [SCHEMA] [--from BASE] [--check]`: who may read, create and write each public record type.
struct AccessCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "access",
        abstract: "Show who may read, create and write each public-database record type, or run the access tests.",
        discussion: """
            SCHEMA is anything diff takes (a YAML file or folder, a .ckdb file, development, production, \
            git:REVISION:PATH, models:PATH); default: the project schema. The matrix has a row per role (_world, \
            _icloud, _creator, each custom role) and a column per permission, and says what each means; roles add \
            up, and saving needs a signed-in user (docs/access.md). --from BASE shows the cells a deploy from BASE \
            to SCHEMA changes. --check runs the access tests under 'access:' in ckschema.yaml against SCHEMA. \
            Exit status: 0 shown or tests pass, 1 an access test fails, 2 could not run (an unreadable or invalid \
            schema, an access test naming a role or record type the schema lacks).
            """
    )

    @Argument(help: "The schema (default: the project schema).")
    var schema: String?

    @Option(name: .long, help: ArgumentHelp("Show how the matrix changes from this schema to SCHEMA.", valueName: "base"))
    var from: String?

    @Option(name: .long, help: ArgumentHelp("The same as SCHEMA ('project': the project schema).", valueName: "target"))
    var to: String?

    @Flag(name: .long, help: "Run the access tests under 'access:' in ckschema.yaml against the schema.")
    var check = false

    @Option(name: .long, help: "Output format: text, markdown or json; with --check: text, json, github or sarif.")
    var format: AccessOutputFormat = .text

    @OptionGroup var project: ProjectOptions

    func validate() throws {
        if schema != nil, to != nil { throw ValidationError("name the schema once: as SCHEMA or with --to") }
        if check, from != nil { throw ValidationError("--check runs the access tests against one schema; --from compares two") }
        if check, format.reportFormat == nil { throw ValidationError("--check reports in text, json, github or sarif") }
        if !check, format.matrixFormat == nil { throw ValidationError("the matrix is shown in text, markdown or json") }
    }

    func run() throws {
        let project = try Project.load(project)
        if !project.diagnostics.isEmpty {
            TextOutput.printToStandardError(project.diagnostics, sources: [project.configFile].compactMap { $0 })
        }
        let target = try project.loadDiffInput(Self.schemaArgument(schema ?? to))
        try Self.requireValid(target)
        if check { return try runTests(project, on: target) }
        var report = AccessReport(source: target.source.name, matrix: AccessMatrix(target.parsed.schema))
        if let from {
            let baseline = try project.loadDiffInput(Self.schemaArgument(from))
            try Self.requireValid(baseline)
            report.baseline = baseline.source.name
            report.changes = AccessChange.changes(from: AccessMatrix(baseline.parsed.schema), to: report.matrix)
        }
        if let note = target.note { Console.error("note: \(note)") }
        Console.output(format.matrixFormat!.render(report), style: format == .json ? .json : .readable)
    }

    private func runTests(_ project: Project, on target: DiffSide) throws {
        let tests = try project.accessTests()
        if tests.diagnostics.containsErrors {
            TextOutput.printToStandardError(tests.diagnostics, sources: tests.sources)
            throw CommandFailure.couldNotRun("the access tests could not be read")
        }
        if tests.tests.isEmpty { Console.error("note: no access tests: add them under 'access:' in ckschema.yaml (docs/access.md)") }
        let diagnostics = Diagnostic.sortedForOutput(AccessTestChecker(target.parsed).check(tests.tests))
        var reporting = ReportingOptions()
        reporting.format = format.reportFormat!
        reporting.report(diagnostics, sources: tests.sources + target.parsed.sources)
        if AccessTestChecker.hasInvalidTests(diagnostics) { throw ExitCode(ExitStatus.couldNotRun) }
        if diagnostics.containsErrors { throw ExitCode(ExitStatus.findings) }
        if diagnostics.isEmpty { Console.error("\(tests.tests.count) access test\(tests.tests.count == 1 ? "" : "s") passed") }
    }

    /// `project` names the project schema (unless a file of that name exists).
    private static func schemaArgument(_ argument: String?) -> String? {
        argument == "project" && !FileManager.default.fileExists(atPath: "project") ? nil : argument
    }

    /// Stops with exit 2 when the schema has parse errors, after printing them.
    private static func requireValid(_ input: DiffSide) throws(CommandFailure) {
        guard input.parsed.hasErrors else { return }
        TextOutput.printToStandardError(input.parsed.diagnostics, sources: input.parsed.sources)
        throw .couldNotRun("'\(input.source.name)' could not be read without errors")
    }
}
