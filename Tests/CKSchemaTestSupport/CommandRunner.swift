public import Foundation

/// Runs the built `ckschema` executable the way a user would, for end-to-end tests of exit codes and output.
public enum CommandRunner {
    /// The outcome of one run.
    public struct Result: Sendable {
        public let status: Int32
        public let standardOutput: String
        public let standardError: String
    }

    /// The `ckschema` binary: `$CKSCHEMA_BINARY`, else the one beside the test bundle, else `.build/debug`.
    public static var executable: URL {
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
    public static func runExecutable(_ executable: URL, _ arguments: [String], environment: [String: String] = [:],
                                     timeout: TimeInterval = 60) throws -> Result {
        try run(arguments, executable: executable, environment: environment, timeout: timeout)
    }

    /// Runs `ckschema arguments…` in `directory` with `input` on standard input and extra environment
    /// variables; a run that outlives `timeout` seconds is killed and reported with status -1.
    public static func run(
        _ arguments: [String],
        in directory: URL? = nil,
        input: Data? = nil,
        environment: [String: String] = [:],
        timeout: TimeInterval = 60
    ) throws -> Result {
        try run(arguments, executable: executable, in: directory, input: input, environment: environment, timeout: timeout)
    }

    private static func run(_ arguments: [String], executable: URL, in directory: URL? = nil, input: Data? = nil,
                            environment: [String: String], timeout: TimeInterval) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        var merged = ProcessInfo.processInfo.environment
        merged["NO_COLOR"] = "1"
        merged.merge(environment) { _, new in new }
        process.environment = merged
        let output = Pipe(), error = Pipe(), standardInput = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = standardInput
        try process.run()
        // Read both pipes concurrently so a chatty child never blocks on a full pipe.
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data(), errData = Data()
        group.enter()
        DispatchQueue.global().async { outData = output.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        group.enter()
        DispatchQueue.global().async { errData = error.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        if let input { standardInput.fileHandleForWriting.write(input) }
        try? standardInput.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning {
            // SIGKILL: the test process may run with SIGTERM blocked, and a child started by `Process` inherits
            // that mask, so a hung ckschema would ignore `terminate()` and hang the test instead of failing it.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            group.wait()
            return Result(status: -1, standardOutput: String(decoding: outData, as: UTF8.self),
                          standardError: "timed out after \(timeout)s")
        }
        process.waitUntilExit()
        group.wait()
        return Result(status: process.terminationStatus, standardOutput: String(decoding: outData, as: UTF8.self),
                      standardError: String(decoding: errData, as: UTF8.self))
    }
}

/// A temporary folder for one test, removed when the value is released.
public final class TemporaryDirectory: @unchecked Sendable {
    public let url: URL

    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("ckschema-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// Writes `text` to `relativePath` inside the folder (creating subfolders) and returns its URL.
    @discardableResult
    public func write(_ text: String, to relativePath: String) throws -> URL {
        try write(Data(text.utf8), to: relativePath)
    }

    /// Writes raw bytes to `relativePath` inside the folder and returns its URL.
    @discardableResult
    public func write(_ data: Data, to relativePath: String) throws -> URL {
        let file = url.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
        return file
    }

    /// The names of the files in the folder (recursively), sorted, for "nothing was written" checks.
    public func listing() -> [String] {
        let walker = FileManager.default.enumerator(atPath: url.path)
        var names: [String] = []
        while let name = walker?.nextObject() as? String { names.append(name) }
        return names.sorted()
    }
}
