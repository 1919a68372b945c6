import CKSchemaProcess
import Foundation

/// How a backend program (cktool) is run: through `ChildProcess` — no shell, its own process group, standard
/// input closed — with exactly the given environment (the management token travels only there), at most
/// `outputLimit` bytes kept of each output, and a time limit after which the whole group is stopped: `SIGTERM`,
/// then `SIGKILL` after `gracePeriod`. While it runs, its group is published to `DeployInterruption`, which
/// kills it when ckschema is interrupted. It inherits the deploy lock's descriptor when one is held, so the lock
/// outlives ckschema for as long as the program runs.
struct BackendProcess {
    /// How a program ended.
    struct Result: Sendable {
        /// The exit status, when the program exited.
        let exitStatus: Int32?
        /// The signal that killed it, when one did.
        let signal: Int32?
        /// What it wrote on standard output (the first `outputLimit` bytes).
        let standardOutput: Data
        /// What it wrote on standard error (the first `outputLimit` bytes).
        let standardError: Data
    }

    /// Why a program did not run to its end.
    enum Failure: Error {
        /// It could not be started; the reason in the system's words.
        case couldNotStart(String)
        /// It outran the time limit (in seconds) and was stopped.
        case timedOut(TimeInterval)
    }

    /// The most bytes kept of each output; the rest is read and dropped, so a chatty program never blocks.
    static let outputLimit = 1 << 20
    /// How long a program has between `SIGTERM` and `SIGKILL`.
    static let gracePeriod: TimeInterval = 2

    /// The program's path.
    let executable: String
    /// Its arguments (never interpreted by a shell).
    let arguments: [String]
    /// Its whole environment.
    let environment: [String: String]
    /// Seconds it may run.
    let timeout: TimeInterval
    /// The held lock's descriptor, inherited by the program; `nil` when no lock is held.
    var lockDescriptor: Int32?

    /// Runs the program and waits for it, at most `timeout` seconds (plus the grace period).
    func run() throws(Failure) -> Result {
        let options = ChildProcess.Options(
            environment: .exactly(environment), timeout: timeout, gracePeriod: Self.gracePeriod,
            outputLimit: .keepFirst(bytesPerStream: Self.outputLimit), inheritedDescriptor: lockDescriptor,
            onStart: { DeployInterruption.backendStarted(group: $0) })
        defer { DeployInterruption.backendFinished() }
        let result: ChildProcess.Result
        do {
            result = try ChildProcess.run(executable, arguments: arguments, options: options)
        } catch {
            throw .couldNotStart(error.reason)
        }
        if result.timedOut { throw .timedOut(timeout) }
        return Result(exitStatus: result.exitStatus, signal: result.signal,
                      standardOutput: result.standardOutput, standardError: result.standardError)
    }
}
