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
        try launch(process)

        let state = SharedState(limit: outputLimit)
        let drained = DispatchGroup()
        for (handle, stream) in [(stdoutPipe.fileHandleForReading, Stream.output),
                                 (stderrPipe.fileHandleForReading, Stream.error)] {
            drained.enter()
            let descriptor = handle.fileDescriptor
            Thread.detachNewThread {
                drain(descriptor) { state.append($0, to: stream) }
                drained.leave()
            }
        }
        let writer = stdinPipe.fileHandleForWriting
        let inputDescriptor = writer.fileDescriptor
        Thread.detachNewThread {
            feed(input, to: inputDescriptor)
            try? writer.close()
        }

        let pid = process.processIdentifier
        let timedOut = !waitForExit(of: process, until: .now() + timeout) { state.isOverLimit }
            && !state.isOverLimit
        if process.isRunning {
            signalGroup(of: pid, SIGTERM)
            if !waitForExit(of: process, until: .now() + 2) {
                signalGroup(of: pid, SIGKILL)
                _ = waitForExit(of: process, until: .now() + 2)
            }
        }
        // A grandchild may hold the pipes open; do not wait for it forever.
        _ = drained.wait(timeout: .now() + 2)
        // Foundation traps when asked for the status of a process it has not reaped yet.
        let reaped = !process.isRunning
        return ProcessOutput(status: reaped ? process.terminationStatus : SIGKILL,
                             wasSignaled: reaped ? process.terminationReason == .uncaughtSignal : true,
                             standardOutput: state.data(of: .output), standardError: state.data(of: .error),
                             timedOut: timedOut, exceededOutputLimit: state.isOverLimit)
    }

    /// Sends `signal` to the child's process group when it leads one (Foundation starts children in their own
    /// group on Linux), so that processes it started stop too; otherwise to the child alone.
    private static func signalGroup(of pid: Int32, _ signal: Int32) {
        if getpgid(pid) == pid {
            kill(-pid, signal)
        } else {
            kill(pid, signal)
        }
    }

    /// Waits until `process` has exited (returns `true`), `deadline` passes or `stop` says so (`false`).
    private static func waitForExit(of process: Process, until deadline: DispatchTime,
                                    stop: () -> Bool = { false }) -> Bool {
        while process.isRunning {
            if DispatchTime.now() >= deadline || stop() { return false }
            usleep(10_000)
        }
        return true
    }

    private enum Stream { case output, error }

    /// Starts `process`, retrying a few times: a plugin written just before it runs can briefly fail to start
    /// with "text file busy" while another process that forked meanwhile still holds the file open.
    private static func launch(_ process: Process) throws {
        var attempt = 0
        while true {
            do {
                try process.run()
                return
            } catch {
                attempt += 1
                if attempt >= 5 { throw error }
                usleep(50_000)
            }
        }
    }

    /// Reads `descriptor` to its end with plain `read(2)`, retrying interrupted reads (Foundation's
    /// `availableData` traps on EINTR), and hands each chunk to `consume` until it returns `false`.
    private static func drain(_ descriptor: Int32, _ consume: (Data) -> Bool) {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                if !consume(Data(buffer[0..<count])) { return }
            } else if count < 0, errno == EINTR {
                continue
            } else {
                return
            }
        }
    }

    /// Writes all of `data` to `descriptor` with plain `write(2)`, retrying interrupted writes and giving up
    /// when the reader has gone (EPIPE) or another error occurs.
    private static func feed(_ data: Data, to descriptor: Int32) {
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0, errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
    }

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
