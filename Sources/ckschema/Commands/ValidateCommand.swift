import ArgumentParser
import CKSchemaCore
import CKSchemaReporting
import CKSchemaRules
import CKSchemaService
import CKSchemaValidation
import Foundation

/// `ckschema validate --schema S RECORDS… [--record-type T]`: record data checked against a schema.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check record data (fixtures, seed data, exports) against a schema.",
        discussion: """
            RECORDS are CloudKit Web Services JSON — {"records": […]}, an array of records, or NDJSON (one record \
            per line) — or, with --record-type, cktool --fields-json payloads; '-' reads standard input. Inputs \
            are streamed, so files of any size are fine. See docs/validate.md for every check. \
            Exit status: 0 all records valid (warnings allowed), 1 invalid records (or warnings with --strict), \
            2 could not run.
            """
    )

    @Option(name: .long, help: ArgumentHelp(
        "The schema: a YAML file or folder, a .ckdb file, or an environment name.",
        discussion: "Default: the project schema.", valueName: "schema"))
    var schema: String?

    @Argument(help: "Record files; '-' reads standard input.")
    var records: [String] = []

    @Option(name: .long, help: "Read cktool --fields-json payloads, all of this record type.")
    var recordType: String?

    @Flag(name: .long, help: "Judge as the development environment does: unknown record types and fields are warnings, since development creates them just in time.")
    var development = false

    @Option(name: .long, help: ArgumentHelp(
        "List at most N findings; the rest are counted in one last finding (default 10000; 0: no limit).",
        valueName: "n"))
    var maxFindings: Int = ValidationOptions.defaultMaximumFindings

    @Option(name: .long, help: ArgumentHelp("Validation threads (default: one per processor).", visibility: .hidden))
    var jobs: Int?

    @OptionGroup var project: ProjectOptions
    @OptionGroup var reporting: ReportingOptions

    func validate() throws {
        guard !records.isEmpty else { throw ValidationError("give at least one record file, or '-' for standard input") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if maxFindings < 0 { throw ValidationError("--max-findings must be 0 (no limit) or more") }
    }

    func run() throws {
        let project = try Project.load(project)
        let parsed = try project.loadSchema(schema.map { [$0] } ?? [])
        do {
            try RecordCheck.requireUsable(parsed, named: schema ?? "project schema", recordType: recordType)
        } catch {
            if parsed.hasErrors { TextOutput.printToStandardError(parsed.diagnostics, sources: parsed.sources) }
            throw CommandFailure.couldNotRun(error.description)
        }
        let options = RecordCheck.options(recordType: recordType, development: development, maximumFindings: maxFindings,
                                          parallelism: jobs ?? ValidationOptions.availableProcessors)
        let inputs = records.map { $0 == "-" ? RecordInput.standardInput() : RecordInput.file($0) }
        var progress = ProgressLine(enabled: Console.errorIsTerminal)
        let result: ValidationResult
        do {
            result = try RecordValidator(schema: parsed.schema, options: options).validate(inputs) { progress.update($0) }
        } catch {
            progress.clear()
            throw CommandFailure.couldNotRun(error.description)
        }
        progress.clear()
        let diagnostics = project.diagnostics + result.diagnostics
        reporting.report(diagnostics, sources: [], context: ReportContext(rules: RecordRules.all))
        if reporting.format == .text { Console.error(RecordCheck.summary(result, inputs: records.count)) }
        if reporting.fails(diagnostics) {
            throw ExitCode(ExitStatus.findings)
        }
    }
}

/// A one-line progress display on standard error, shown only on a terminal and only for large inputs.
private struct ProgressLine {
    /// Inputs smaller than this finish too quickly to need a progress line.
    static let threshold = 64 * 1024 * 1024

    let enabled: Bool
    private var shown = false

    init(enabled: Bool) {
        self.enabled = enabled
    }

    mutating func update(_ progress: ValidationProgress) {
        guard enabled, progress.bytesRead >= Self.threshold || (progress.totalBytes ?? 0) >= Self.threshold else { return }
        var line = "\r\u{1B}[Kvalidating \(Console.safe(progress.input)): \(progress.recordsValidated) records"
        if let total = progress.totalBytes, total > 0 {
            line += ", \(min(100, progress.bytesRead * 100 / total))%"
        } else {
            line += ", \(progress.bytesRead / 1_000_000) MB"
        }
        FileHandle.standardError.write(Data(line.utf8))
        shown = true
    }

    mutating func clear() {
        if shown { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        shown = false
    }
}
