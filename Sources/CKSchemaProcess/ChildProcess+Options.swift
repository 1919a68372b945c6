package import Foundation

extension ChildProcess {
    /// How to run a program: its input, its environment, its folder and its limits.
    package struct Options: Sendable {
        /// The bytes written to standard input, which is closed after them; `nil` connects it to `/dev/null`.
        package var input: Data?
        /// The environment the program gets.
        package var environment: Environment
        /// The folder the program starts in; `nil` for ckschema's current folder.
        package var workingDirectory: String?
        /// Seconds the program may run before its process group is stopped; `nil` (or infinity) for no limit.
        package var timeout: TimeInterval?
        /// Seconds between `SIGTERM` and `SIGKILL` when the group is stopped.
        package var gracePeriod: TimeInterval
        /// How much output is kept, and what happens to a program that writes more.
        package var outputLimit: OutputLimit
        /// Seconds the outputs may stay open after the program has exited (held by a background child it
        /// started); then its process group is killed and what was written so far is the output.
        package var outputGracePeriod: TimeInterval
        /// A descriptor the program inherits as its descriptor 3 (say, a held `flock`: it then stays held while
        /// the program, or anything it starts that keeps the descriptor, runs — even if ckschema is killed).
        package var inheritedDescriptor: Int32?
        /// Called with the program's process id — which is also its process group id — as soon as it has
        /// started, before the call waits for it (for example to publish the group to a signal handler).
        package var onStart: (@Sendable (Int32) -> Void)?

        /// Options with the given values. The output limit has no default: every caller says how much output
        /// it can take. Otherwise by default no input, the inherited environment, the current folder, no time
        /// limit, a 2-second grace period, 1 second for outputs held open after the exit, and no descriptor
        /// inherited beyond the standard streams.
        package init(input: Data? = nil, environment: Environment = .inherited(), workingDirectory: String? = nil,
                    timeout: TimeInterval? = nil, gracePeriod: TimeInterval = 2, outputLimit: OutputLimit,
                    outputGracePeriod: TimeInterval = 1, inheritedDescriptor: Int32? = nil,
                    onStart: (@Sendable (Int32) -> Void)? = nil) {
            self.input = input
            self.environment = environment
            self.workingDirectory = workingDirectory
            self.timeout = timeout
            self.gracePeriod = gracePeriod
            self.outputLimit = outputLimit
            self.outputGracePeriod = outputGracePeriod
            self.inheritedDescriptor = inheritedDescriptor
            self.onStart = onStart
        }
    }

    /// The environment variables a program gets.
    package enum Environment: Sendable, Equatable {
        /// ckschema's own environment, with `overriding` set on top of it.
        case inherited(overriding: [String: String] = [:])
        /// Exactly these variables and no others (a secret is passed to one program only this way) — besides
        /// `CKSCHEMA_PROCESS_TREE`, the marker every run adds (see `EscapedDescendants`).
        case exactly([String: String])

        /// The variables, resolved against ckschema's environment now.
        package var variables: [String: String] {
            switch self {
            case .inherited(let overrides):
                ProcessInfo.processInfo.environment.merging(overrides) { _, new in new }
            case .exactly(let variables):
                variables
            }
        }
    }

    /// How much of a program's output is kept. There is no "unlimited": a program's output is held in memory.
    package enum OutputLimit: Sendable, Equatable {
        /// The first `bytesPerStream` bytes of each output; the rest is read and dropped, so a chatty program
        /// never blocks and runs to its end.
        case keepFirst(bytesPerStream: Int)
        /// At most `afterTotalBytes` of both outputs together; a program that writes more is stopped like one
        /// that ran out of time (its outputs are closed and its group gets `SIGTERM`, then `SIGKILL`).
        case stop(afterTotalBytes: Int)
    }
}
