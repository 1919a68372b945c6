import Foundation

/// What a finished child process produced.
struct ProcessOutput: Sendable {
    /// The exit status, or the signal number when `wasSignaled`.
    var status: Int32
    /// Whether the process ended by a signal rather than by exiting.
    var wasSignaled: Bool
    var standardOutput: Data
    var standardError: Data
    /// Whether the process was stopped because it outran the time limit.
    var timedOut: Bool
    /// Whether the process was stopped because its output outgrew the limit.
    var exceededOutputLimit: Bool
}

/// Runs one child process with data on its standard input, collecting standard output and standard error,
/// and stops it (SIGTERM, then SIGKILL) when it outruns a time limit or writes more than a size limit.
///
/// The pipes are drained on their own threads so a chatty child never blocks on a full pipe, and standard
/// input is written on another so a child that never reads it cannot block the runner.
enum ProcessRunner {
    /// Runs `executable` with `arguments`, feeding it `input`.
    static func run(executable: URL, arguments: [String], input: Data, timeout: Double,
                    outputLimit: Int) throws -> ProcessOutput {
        // A child that exits without reading its input must not kill this process with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let stdinPipe = Pipe()
        let stdoutPipe = Pipe()
        let stderrPipe = Pipe()
        process.standardInput = stdinPipe
        process.standardOutput = stdoutPipe
        process.standardError = stderrPipe
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()

        let state = SharedState(limit: outputLimit)
        let drained = DispatchGroup()
        for (handle, stream) in [(stdoutPipe.fileHandleForReading, Stream.output),
                                 (stderrPipe.fileHandleForReading, Stream.error)] {
            drained.enter()
            Thread.detachNewThread {
                while true {
                    let chunk = handle.availableData
                    if chunk.isEmpty || !state.append(chunk, to: stream) { break }
                }
                drained.leave()
            }
        }
        let writer = stdinPipe.fileHandleForWriting
        Thread.detachNewThread {
            try? writer.write(contentsOf: input)
            try? writer.close()
        }

        let pid = process.processIdentifier
        var timedOut = false
        let deadline = DispatchTime.now() + timeout
        while exited.wait(timeout: .now() + 0.05) == .timedOut {
            if state.isOverLimit { break }
            if DispatchTime.now() >= deadline {
                timedOut = true
                break
            }
        }
        if process.isRunning {
            process.terminate()
            if exited.wait(timeout: .now() + 2) == .timedOut {
                kill(pid, SIGKILL)
                _ = exited.wait(timeout: .now() + 2)
            }
        }
        // A grandchild may hold the pipes open; do not wait for it forever.
        _ = drained.wait(timeout: .now() + 2)
        let signaled = process.terminationReason == .uncaughtSignal
        return ProcessOutput(status: process.terminationStatus, wasSignaled: signaled,
                             standardOutput: state.data(of: .output), standardError: state.data(of: .error),
                             timedOut: timedOut, exceededOutputLimit: state.isOverLimit)
    }

    private enum Stream { case output, error }

    /// Output collected by the reader threads, behind a lock.
    private final class SharedState: @unchecked Sendable {
        private let lock = NSLock()
        private var output = Data()
        private var error = Data()
        private var overLimit = false
        private let limit: Int

        init(limit: Int) {
            self.limit = limit
        }

        /// Appends `chunk`; returns `false` (stop reading) once the output is over the limit.
        func append(_ chunk: Data, to stream: Stream) -> Bool {
            lock.withLock {
                switch stream {
                case .output: output.append(chunk)
                case .error: error.append(chunk)
                }
                if output.count + error.count > limit { overLimit = true }
                return !overLimit
            }
        }

        var isOverLimit: Bool {
            lock.withLock { overLimit }
        }

        func data(of stream: Stream) -> Data {
            lock.withLock { stream == .output ? output : error }
        }
    }
}
