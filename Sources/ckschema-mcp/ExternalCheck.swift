#if MCP  // the package trait that brings the MCP SDK (Package.swift)
import CKSchemaProcess
import CKSchemaService
import Foundation

/// A check that needs swift-syntax, run as the ckschema executable beside this server (then on `PATH`), as
/// `ckschema` runs `ckschema-check-code`: its `--format json` document is the result; exit 2 (could not run)
/// is a tool error with its one sentence.
struct ExternalCheck {
    /// How long a check may take, and the most output kept.
    static let timeout: TimeInterval = 120
    static let outputLimit = 64 << 20

    let program: String
    let leadingArguments: [String]

    func run(_ arguments: [String]) throws(ServiceError) -> ToolOutput {
        guard let path = ChildProcess.locate(program, searchPath: Self.searchPath) else {
            throw .couldNotRun("'\(program)' is not installed beside ckschema-mcp or on PATH; build it with 'swift build "
                + "--product \(program)' (or install it beside ckschema-mcp)")
        }
        let result: ChildProcess.Result
        do {
            result = try ChildProcess.run(
                path, arguments: leadingArguments + arguments + ["--format", "json"],
                options: .init(environment: .exactly(Redaction.childEnvironment), timeout: Self.timeout,
                               outputLimit: .stop(afterTotalBytes: Self.outputLimit)))
        } catch {
            throw .couldNotRun("cannot run '\(program)': \(error)")
        }
        let output = String(decoding: result.standardOutput, as: UTF8.self)
        let errors = String(decoding: result.standardError, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        // Exit 1 is findings, the document holds them; anything else is a check that could not run.
        if let failure = result.failure, result.timedOut || result.exceededOutputLimit || result.exitStatus != 1 {
            throw .couldNotRun(errors.isEmpty ? "\(program) \(failure)" : errors)
        }
        let summary = result.exitStatus == 0 ? "no findings" : "findings (see the document)"
        return ToolOutput(summary: errors.isEmpty ? summary : errors + "\n" + summary, json: output)
    }

    /// The folder holding this executable, then `PATH`.
    private static var searchPath: String { ChildProcess.besideThisExecutableThenPath }
}
#endif
