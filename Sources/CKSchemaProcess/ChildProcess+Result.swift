package import Foundation

extension ChildProcess {
    /// How a program ended and what it wrote.
    package struct Result: Sendable, Equatable {
        /// How the program ended.
        package let termination: Termination
        /// What it wrote on standard output (within the output limit).
        package let standardOutput: Data
        /// What it wrote on standard error (within the output limit).
        package let standardError: Data
        /// Whether it was stopped because it outran the time limit.
        package let timedOut: Bool
        /// Whether it wrote more than the output limit: some output was dropped, and with
        /// `OutputLimit.stop(afterTotalBytes:)` the program was stopped.
        package let exceededOutputLimit: Bool
        /// The time limit it ran under, in seconds (`nil` for none).
        package let timeLimit: TimeInterval?
        /// The output limit it ran under.
        package let outputLimit: OutputLimit

        /// Why the program did not succeed — stopped at a limit, killed, or a non-zero exit — or `nil` when it
        /// exited with status 0 within its limits (with `keepFirst`, output beyond the limit was dropped, which
        /// is no failure: `exceededOutputLimit` says so).
        package var failure: Failure? {
            if timedOut { return .timedOut(seconds: timeLimit ?? 0) }
            if exceededOutputLimit, case .stop(let bytes) = outputLimit { return .wroteTooMuch(bytes: bytes) }
            switch termination {
            case .exited(0): return nil
            case .exited(let status): return .exited(status: status)
            case .signaled(let signal): return .signaled(signal)
            }
        }

        /// The exit status, when the program exited.
        package var exitStatus: Int32? {
            if case .exited(let status) = termination { status } else { nil }
        }

        /// The signal that ended the program, when one did.
        package var signal: Int32? {
            if case .signaled(let signal) = termination { signal } else { nil }
        }
    }

    /// How a program ended.
    package enum Termination: Sendable, Hashable {
        /// It exited with this status (0–255; -1 when the status was lost because something else reaped it).
        case exited(Int32)
        /// A signal with this number ended it.
        case signaled(Int32)

        /// `Termination` from a `waitpid` status word.
        init(waitStatus status: Int32) {
            let signal = status & 0x7f
            self = signal == 0 ? .exited((status >> 8) & 0xff) : .signaled(signal)
        }
    }

    /// Why a program could not be started. Nothing runs when one of these is thrown.
    package enum LaunchError: Error, Equatable, Sendable, CustomStringConvertible {
        /// A name without a slash is in none of the directories of `searchPath`.
        case notFound(name: String, searchPath: String)
        /// The system refused to start `executable` (`posix_spawn` failed with error number `code`): it is
        /// missing, not executable, or not a program.
        case cannotStart(executable: String, code: Int32)
        /// The pipes to the program could not be made (error number `code`, such as too many open files).
        case noPipes(code: Int32)

        /// Why, in the system's words (`No such file or directory`).
        package var reason: String {
            switch self {
            case .notFound(let name, _): "'\(name)' is not on PATH"
            case .cannotStart(_, let code): String(cString: strerror(code))
            case .noPipes(let code): "cannot create pipes: \(String(cString: strerror(code)))"
            }
        }

        /// One sentence naming the program and the reason.
        package var description: String {
            switch self {
            case .notFound(let name, _): "cannot start '\(name)': it is not on PATH"
            case .cannotStart(let executable, _): "cannot start '\(executable)': \(reason)"
            case .noPipes: "cannot start a program: \(reason)"
            }
        }
    }
}
