import Foundation

/// Runs a backend program (cktool) directly — no shell, so no argument is ever interpreted — in its own
/// process group, with standard input closed, both outputs captured (up to `outputLimit` bytes each), and a
/// time limit after which the whole group is stopped: `SIGTERM`, then `SIGKILL` after a grace period.
struct BackendProcess {
    /// How a program ended.
    struct Result: Sendable {
        /// The exit status, when the program exited.
        let exitStatus: Int32?
        /// The signal that killed it, when one did.
        let signal: Int32?
        let standardOutput: Data
        let standardError: Data
    }

    /// Why a program did not run to its end.
    enum Failure: Error {
        case couldNotStart(String)
        case timedOut(TimeInterval)
    }

    /// The most bytes kept of each output; the rest is read and dropped, so a chatty program never blocks.
    static let outputLimit = 1 << 20
    /// How long a program has between `SIGTERM` and `SIGKILL`.
    static let gracePeriod: TimeInterval = 2

    let executable: String
    let arguments: [String]
    let environment: [String: String]
    let timeout: TimeInterval

    /// Runs the program and waits for it, at most `timeout` seconds.
    func run() throws(Failure) -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        do {
            try process.run()
        } catch {
            throw .couldNotStart(error.localizedDescription)
        }
        // Foundation starts the program as the leader of a new process group; the group id is its pid.
        let group = process.processIdentifier
        DeployInterruption.backendStarted(group: group)
        defer { DeployInterruption.backendFinished() }
        let readers = DispatchGroup()
        let outputData = CappedBuffer(), errorData = CappedBuffer()
        outputData.drain(output.fileHandleForReading, in: readers)
        errorData.drain(error.fileHandleForReading, in: readers)
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            Self.signal(group: group, SIGTERM)
            if finished.wait(timeout: .now() + Self.gracePeriod) == .timedOut {
                Self.signal(group: group, SIGKILL)
                finished.wait()
            }
            finishReading(readers, group: group)
            throw .timedOut(timeout)
        }
        finishReading(readers, group: group)
        let killed = process.terminationReason == .uncaughtSignal
        return Result(exitStatus: killed ? nil : process.terminationStatus, signal: killed ? process.terminationStatus : nil,
                      standardOutput: outputData.data, standardError: errorData.data)
    }

    /// Waits for both outputs to close. A program that left a background child holding them open gets its
    /// group killed (the group still has members then, so its id cannot have been reused).
    private func finishReading(_ readers: DispatchGroup, group: Int32) {
        if readers.wait(timeout: .now() + 1) == .timedOut {
            Self.signal(group: group, SIGKILL)
            readers.wait()
        }
    }

    /// Sends `signalNumber` to the process group; to the process alone where it leads no group of its own.
    private static func signal(group: Int32, _ signalNumber: Int32) {
        if kill(-group, signalNumber) != 0, errno == ESRCH {
            kill(group, signalNumber)
        }
    }
}

/// Bytes read from a pipe until it closes, keeping at most `BackendProcess.outputLimit` of them.
private final class CappedBuffer: @unchecked Sendable {
    private(set) var data = Data()

    /// Reads `handle` to its end on a background queue, entering `group` until done.
    func drain(_ handle: FileHandle, in group: DispatchGroup) {
        DispatchQueue.global().async(group: group) {
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                let room = BackendProcess.outputLimit - self.data.count
                if room > 0 { self.data.append(chunk.prefix(room)) }
            }
        }
    }
}
