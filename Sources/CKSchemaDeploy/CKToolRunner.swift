import CKSchemaCore
import CKSchemaProcess
package import Foundation

/// Runs one cktool subcommand against the configured container, turning every way it can go wrong into one
/// clear sentence — without ever putting the management token in an argument, a message or a file.
///
/// - The program is `$CKTOOL` when set (a path, or a name looked up on `PATH`), else `xcrun cktool`.
/// - Arguments: `SUBCOMMAND --team-id T --container-id C --environment E` plus the subcommand's own.
/// - The token comes from `CLOUDKIT_MANAGEMENT_TOKEN` and reaches cktool only through its environment
///   (cktool reads that variable when no `--token` is given); anything cktool prints is scrubbed of it, byte
///   for byte (`SecretScrubber`). A value that cannot be a token (empty, blank, too short) is refused.
package struct CKToolRunner: Sendable {
    /// The variable holding the CloudKit management token.
    package static let tokenVariable = "CLOUDKIT_MANAGEMENT_TOKEN"
    /// The variable naming the cktool program to run instead of `xcrun cktool`.
    package static let executableVariable = "CKTOOL"
    /// What replaces the token wherever a program printed it.
    package static let redaction = SecretScrubber.redaction
    /// The default limit of one cktool call, in seconds.
    package static let defaultTimeout: TimeInterval = 120
    /// How much of cktool's output is kept: the first MiB of each stream (a schema export goes to a file, not
    /// here); the rest is read and dropped, so a chatty cktool never blocks.
    static let outputLimit = ChildProcess.OutputLimit.keepFirst(bytesPerStream: 1 << 20)

    /// The container and team addressed; `nil` when the configuration names none.
    package let container: CloudKitContainer?
    /// The limit of each call, in seconds.
    package let timeout: TimeInterval
    /// The environment variables ckschema runs with (the token among them).
    package let variables: [String: String]

    /// A runner for `container`, each call limited to `timeout` seconds, with `variables` as the environment.
    package init(container: CloudKitContainer?, timeout: TimeInterval = defaultTimeout,
                variables: [String: String] = ProcessInfo.processInfo.environment) {
        self.container = container
        self.timeout = timeout
        self.variables = variables
    }

    /// What one successful call printed, scrubbed of the token.
    struct Output {
        let standardOutput: String
        let standardError: String

        /// Both outputs, for messages.
        var combined: String {
            [standardOutput, standardError].map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
                .filter { !$0.isEmpty }.joined(separator: "\n")
        }
    }

    /// Runs `cktool SUBCOMMAND … --environment ENV extra…` through `ChildProcess`: no shell, its own process
    /// group, standard input closed, exactly `variables` as its environment (the token travels only there), and
    /// `timeout`, after which the whole group is stopped. While it runs, its group is published to
    /// `DeployInterruption`, which kills it when ckschema is interrupted. `lock` is the held deploy lock, which
    /// cktool inherits (see `DeployLock`), so the lock outlives ckschema for as long as cktool runs.
    ///
    /// A non-zero exit, a signal, a timeout, a missing program, a missing token or a missing container are thrown.
    func run(_ subcommand: String, environment: CloudKitEnvironment, _ extra: [String],
             lock: DeployLock? = nil) throws(DeployFailure) -> Output {
        guard let container else {
            throw .couldNotRun("the cktool backend needs 'cloudkit.containerID' and 'cloudkit.teamID' in ckschema.yaml")
        }
        let token = try scrubber()
        let (executable, leading) = try program()
        let arguments = leading + [subcommand, "--team-id", container.teamID, "--container-id", container.containerID,
                                   "--environment", environment.rawValue] + extra
        let options = ChildProcess.Options(
            environment: .exactly(variables), timeout: timeout, outputLimit: Self.outputLimit,
            inheritedDescriptor: lock?.descriptorForChildren, onStart: { DeployInterruption.backendStarted(group: $0) })
        let result: ChildProcess.Result
        do {
            defer { DeployInterruption.backendFinished() }
            result = try ChildProcess.run(executable, arguments: arguments, options: options)
        } catch {
            throw .couldNotRun("cannot run cktool '\(executable)': \(token.scrub(error.reason))")
        }
        let output = Output(standardOutput: String(decoding: token.scrub(Array(result.standardOutput)), as: UTF8.self),
                            standardError: String(decoding: token.scrub(Array(result.standardError)), as: UTF8.self))
        guard let failure = result.failure else { return output }
        if case .timedOut = failure {
            throw .couldNotRun("cktool \(subcommand) \(failure) (raise the limit with --timeout)")
        }
        throw .couldNotRun("cktool \(subcommand) \(failure)\(Self.excerpt(output.combined))")
    }

    /// The scrubber of the token, which must be set and be a plausible token (`SecretScrubber.problem(with:)`).
    func scrubber() throws(DeployFailure) -> SecretScrubber {
        try Self.scrubber(of: variables, backend: "cktool")
    }

    /// The scrubber of the token in `variables`, which must be set and be a plausible token; `backend` names the
    /// backend that needs it in the error.
    static func scrubber(of variables: [String: String], backend: String) throws(DeployFailure) -> SecretScrubber {
        let value = variables[tokenVariable] ?? ""
        if let problem = SecretScrubber.problem(with: value) {
            let missing = value.isEmpty ? "a CloudKit management token in \(tokenVariable)"
                : "a CloudKit management token in \(tokenVariable), but its value \(problem)"
            throw .couldNotRun("the \(backend) backend needs \(missing) (create one in the CloudKit Console under "
                + "Settings, and store it as a CI secret)")
        }
        guard let scrubber = SecretScrubber(secret: value) else {
            throw .couldNotRun("the \(backend) backend needs a usable CloudKit management token in \(tokenVariable)")
        }
        return scrubber
    }

    /// The program to start and the arguments before the subcommand: `$CKTOOL`, else `xcrun cktool`.
    func program() throws(DeployFailure) -> (executable: String, leading: [String]) {
        if let named = variables[Self.executableVariable], !named.isEmpty {
            guard let executable = locate(named) else {
                throw .couldNotRun("\(Self.executableVariable) is '\(named)', which is not an executable program")
            }
            return (executable, [])
        }
        guard let xcrun = locate("xcrun") else {
            throw .couldNotRun("cktool is not available: xcrun is not on PATH (cktool comes with Xcode 13 or later on "
                + "macOS); set \(Self.executableVariable) to the cktool program")
        }
        return (xcrun, ["cktool"])
    }

    /// `name` as an executable path: as given when it contains a slash, else found on `PATH`.
    private func locate(_ name: String) -> String? {
        ChildProcess.locate(name, searchPath: variables["PATH"] ?? ChildProcess.defaultSearchPath)
    }

    /// `: <the first lines of output>`, or nothing when the program printed nothing.
    static func excerpt(_ output: String) -> String {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: true).prefix(5)
        guard !lines.isEmpty else { return "" }
        let text = lines.joined(separator: " / ")
        return ": " + (text.count > 500 ? text.prefix(500) + "…" : text)
    }
}
