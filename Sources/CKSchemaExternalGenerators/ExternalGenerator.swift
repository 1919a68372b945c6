package import CKSchemaCodegen
import CKSchemaCore
package import CKSchemaProcess
package import Foundation

/// A generator outside ckschema: an executable `ckschema-gen-NAME` found on `PATH`, run like a protoc
/// plugin. It reads the request (`PluginRequest`, JSON) on standard input and writes a response
/// (`PluginResponse`: `{"version": 1, "files": [...], "diagnostics": [...]}`) on standard output; `docs/generators.md`
/// documents both.
///
/// Everything that goes wrong (not found, no start, non-zero exit, a hang past the time limit, output that is
/// not a valid response) is an `ExternalGeneratorError`, and no file of such a run is returned.
package struct ExternalGenerator: Sendable {
    /// The prefix of external generator executables.
    package static let executablePrefix = "ckschema-gen-"
    /// The most output a generator may write (standard output and error together).
    package static let outputLimit = 256 * 1024 * 1024

    /// The generator's name (`NAME` in `ckschema-gen-NAME`).
    package let name: String
    /// The executable that runs it.
    package let executable: URL
    /// Seconds the generator may run before it is stopped.
    package var timeout: Double

    package init(name: String, executable: URL, timeout: Double = 60) {
        self.name = name
        self.executable = executable
        self.timeout = timeout
    }

    /// Finds `ckschema-gen-<name>` in the directories of `searchPath` (a `PATH` value; empty entries are
    /// skipped rather than meaning the current directory).
    package static func locate(named name: String, searchPath: String?,
                              timeout: Double = 60) throws(ExternalGeneratorError) -> ExternalGenerator {
        guard isValidName(name) else { throw .invalidName(name) }
        let file = executablePrefix + name
        guard let found = ChildProcess.locate(file, searchPath: searchPath) else {
            throw .notFound(name: name, executable: file)
        }
        return ExternalGenerator(name: name, executable: URL(fileURLWithPath: found), timeout: timeout)
    }

    /// Whether `name` can name an external generator: letters, digits, `-` and `_`, starting with a letter
    /// or digit (so it can never be a path or an option).
    package static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, isAlphanumeric(first) else { return false }
        return name.unicodeScalars.allSatisfy { isAlphanumeric($0) || $0 == "-" || $0 == "_" }
    }

    /// Runs the generator on `input` with the user's `parameters` and returns its files and findings.
    package func run(_ input: GeneratorInput,
                    parameters: [(String, String)] = []) throws(ExternalGeneratorError) -> GenerationResult {
        let request = PluginRequest.json(generator: name, schemaPath: input.schemaPath, parameters: parameters,
                                         schema: input.schema)
        let options = ChildProcess.Options(input: Data(request.prettyPrinted.utf8), timeout: timeout,
                                           outputLimit: .stop(afterTotalBytes: Self.outputLimit))
        let output: ChildProcess.Result
        do {
            output = try ChildProcess.run(executable.path, options: options)
        } catch {
            throw .launchFailed(executable: executable.path, reason: error.reason)
        }
        if let failure = output.failure {
            throw .failed(executable: executable.path, failure: failure,
                          standardError: String(decoding: output.standardError.prefix(4096), as: UTF8.self))
        }
        let response: PluginResponse
        do {
            response = try PluginResponse.decode(output.standardOutput)
        } catch {
            throw .invalidResponse(executable: executable.path, reason: error.reason)
        }
        let diagnostics = response.diagnostics.map { $0.diagnostic(generator: name, sourceMap: input.sourceMap) }
        let files = diagnostics.containsErrors ? [] : response.files
        return GenerationResult(files: files, diagnostics: Diagnostic.sortedForOutput(diagnostics))
    }

    private static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }
}

/// Why an external generator produced nothing. Each case reads as one sentence.
package enum ExternalGeneratorError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The name could be a path or an option.
    case invalidName(String)
    /// No `ckschema-gen-NAME` on `PATH`.
    case notFound(name: String, executable: String)
    /// The executable could not be started.
    case launchFailed(executable: String, reason: String)
    /// It exited with a non-zero status, was killed, or was stopped at the time or output limit; with the start
    /// of what it wrote on standard error.
    case failed(executable: String, failure: ChildProcess.Failure, standardError: String)
    /// Its standard output is not a valid response.
    case invalidResponse(executable: String, reason: String)

    package var description: String {
        switch self {
        case .invalidName(let name):
            "'\(name)' is not a generator name: use letters, digits, '-' and '_'"
        case .notFound(let name, let executable):
            "no generator '\(name)': it is not built in and '\(executable)' is not on PATH"
        case .launchFailed(let executable, let reason):
            "cannot run '\(executable)': \(reason)"
        case .failed(let executable, let failure, let standardError):
            "'\(executable)' \(failure)" + (standardError.isEmpty ? "" : ":\n" + standardError)
        case .invalidResponse(let executable, let reason):
            "'\(executable)' did not answer with a valid response: \(reason)"
        }
    }
}
