import Foundation

/// Runs a program directly — no shell, so arguments are never interpreted — with standard input closed, both
/// outputs captured and a time limit, after which the program is terminated.
enum ProcessRunner {
    /// What a finished program left behind.
    struct Output {
        let status: Int32
        let standardOutput: Data
        let standardError: Data

        /// Standard error as text, trimmed, for messages.
        var errorText: String {
            String(decoding: standardError, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    /// Why a program could not be run to its end.
    enum Failure: Error {
        case couldNotStart(String)
        case timedOut(TimeInterval)
    }

    /// The full path of `name` found on `PATH`, if it is there and executable.
    static func executable(named name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = (String(folder) as NSString).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Runs `executable` with `arguments` in the current folder and waits at most `timeout` seconds.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
                    timeout: TimeInterval) throws(Failure) -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        process.standardInput = FileHandle.nullDevice
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        do {
            try process.run()
        } catch {
            throw .couldNotStart("\(executable): \(error.localizedDescription)")
        }
        // Both pipes are drained concurrently, so a program that fills one never blocks on it.
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data(), errData = Data()
        DispatchQueue.global().async(group: group) { outData = output.fileHandleForReading.readDataToEndOfFile() }
        DispatchQueue.global().async(group: group) { errData = error.fileHandleForReading.readDataToEndOfFile() }
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            if finished.wait(timeout: .now() + 2) == .timedOut { kill(process.processIdentifier, SIGKILL) }
            throw .timedOut(timeout)
        }
        group.wait()
        return Output(status: process.terminationStatus, standardOutput: outData, standardError: errData)
    }
}
