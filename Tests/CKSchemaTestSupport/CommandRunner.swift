package import CKSchemaProcess
package import Foundation

/// Runs the built `ckschema` executable the way a user would, for end-to-end tests of exit codes and output, and
/// the helper programs a test sets up with (`git`, `sha256sum`) — all through `ChildProcess`, the runner
/// ckschema itself uses.
package enum CommandRunner {
    /// The outcome of one run.
    package struct Result: Sendable {
        /// The exit status; -1 when the program did not exit by itself (a signal, or the time or output limit,
        /// which `standardError` then ends by saying).
        package let status: Int32
        package let standardOutput: String
        package let standardError: String
    }

    /// What a test keeps of one run's output (both streams together); a run that writes more is stopped.
    package static let outputLimit = ChildProcess.OutputLimit.stop(afterTotalBytes: 256 << 20)

    /// The `ckschema` binary: `$CKSCHEMA_BINARY`, else the one beside the test bundle, else `.build/debug`.
    package static var executable: URL {
        if let override = ProcessInfo.processInfo.environment["CKSCHEMA_BINARY"], !override.isEmpty {
            return URL(fileURLWithPath: override)
        }
        var folder = Bundle.main.bundleURL
        for _ in 0..<3 {
            let candidate = folder.appendingPathComponent("ckschema")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        return SharedCorpus.repositoryRoot.appendingPathComponent(".build/debug/ckschema")
    }

    /// Runs `executable arguments…` (a copy of ckschema, another tool) like `run` does.
    package static func runExecutable(_ executable: URL, _ arguments: [String], environment: [String: String] = [:],
                                     timeout: TimeInterval = 60) throws -> Result {
        try run(arguments, executable: executable, environment: environment, timeout: timeout)
    }

    /// Runs `ckschema arguments…` in `directory` with `input` on standard input and extra environment
    /// variables; a run that outlives `timeout` seconds is stopped and reported with status -1.
    package static func run(
        _ arguments: [String],
        in directory: URL? = nil,
        input: Data? = nil,
        environment: [String: String] = [:],
        timeout: TimeInterval = 60
    ) throws -> Result {
        try run(arguments, executable: executable, in: directory, input: input, environment: environment, timeout: timeout)
    }

    /// Starts `ckschema arguments…` in `directory` without waiting for it, to signal it or wait for it later.
    package static func launch(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
                              timeout: TimeInterval = 120) throws -> LaunchedProgram {
        try LaunchedProgram(executable.path, arguments: arguments,
                            options: options(in: directory, input: nil, environment: environment, timeout: timeout))
    }

    /// Runs a helper program for a test's setup (`git`, `sha256sum`; a name is looked up on `PATH`) and returns
    /// its standard output; throws, with its standard error, unless it exits with status 0.
    @discardableResult
    package static func output(of program: String, _ arguments: [String], in directory: URL? = nil,
                              timeout: TimeInterval = 60) throws -> String {
        let result = try ChildProcess.run(program, arguments: arguments, options: ChildProcess.Options(
            environment: .inherited(), workingDirectory: directory?.path, timeout: timeout, outputLimit: outputLimit))
        if let failure = result.failure {
            let standardError = String(decoding: result.standardError, as: UTF8.self)
            throw ProgramFailure(description: "\(program) \(arguments.joined(separator: " ")) \(failure): \(standardError)")
        }
        return String(decoding: result.standardOutput, as: UTF8.self)
    }

    /// A helper program that did not succeed.
    package struct ProgramFailure: Error, CustomStringConvertible {
        package let description: String
    }

    /// How a test runs ckschema: its environment with `NO_COLOR=1` and `environment` on top, in `directory`.
    private static func options(in directory: URL?, input: Data?, environment: [String: String],
                                timeout: TimeInterval) -> ChildProcess.Options {
        ChildProcess.Options(input: input, environment: .inherited(overriding: ["NO_COLOR": "1"].merging(environment) { _, new in new }),
                             workingDirectory: directory?.path, timeout: timeout, outputLimit: outputLimit)
    }

    private static func run(_ arguments: [String], executable: URL, in directory: URL? = nil, input: Data? = nil,
                            environment: [String: String], timeout: TimeInterval) throws -> Result {
        let result = try ChildProcess.run(executable.path, arguments: arguments,
                                          options: options(in: directory, input: input, environment: environment,
                                                           timeout: timeout))
        var standardError = String(decoding: result.standardError, as: UTF8.self)
        var status: Int32 = 0
        switch result.failure {
        case nil: break
        case .exited(let code)?: status = code
        case let failure?:
            status = -1
            standardError += "\n\(executable.lastPathComponent) \(failure)\n"
        }
        return Result(status: status, standardOutput: String(decoding: result.standardOutput, as: UTF8.self),
                      standardError: standardError)
    }
}

/// A temporary folder for one test, removed when the value is released.
package final class TemporaryDirectory: @unchecked Sendable {
    package let url: URL

    package init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("ckschema-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// Writes `text` to `relativePath` inside the folder (creating subfolders) and returns its URL.
    @discardableResult
    package func write(_ text: String, to relativePath: String) throws -> URL {
        try write(Data(text.utf8), to: relativePath)
    }

    /// Writes raw bytes to `relativePath` inside the folder and returns its URL.
    @discardableResult
    package func write(_ data: Data, to relativePath: String) throws -> URL {
        let file = url.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
        return file
    }

    /// The names of the files in the folder (recursively), sorted, for "nothing was written" checks.
    package func listing() -> [String] {
        let walker = FileManager.default.enumerator(atPath: url.path)
        var names: [String] = []
        while let name = walker?.nextObject() as? String { names.append(name) }
        return names.sorted()
    }
}
