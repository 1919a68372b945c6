import CKSchemaCore
import CKSchemaProcess
public import Foundation

/// Runs one cktool subcommand against the configured container, turning every way it can go wrong into one
/// clear sentence — without ever putting the management token in an argument, a message or a file.
///
/// - The program is `$CKTOOL` when set (a path, or a name looked up on `PATH`), else `xcrun cktool`.
/// - Arguments: `SUBCOMMAND --team-id T --container-id C --environment E` plus the subcommand's own.
/// - The token comes from `CLOUDKIT_MANAGEMENT_TOKEN` and reaches cktool only through its environment
///   (cktool reads that variable when no `--token` is given); anything cktool prints is scrubbed of it.
public struct CKToolRunner: Sendable {
    /// The variable holding the CloudKit management token.
    public static let tokenVariable = "CLOUDKIT_MANAGEMENT_TOKEN"
    /// The variable naming the cktool program to run instead of `xcrun cktool`.
    public static let executableVariable = "CKTOOL"
    /// What replaces the token wherever a program printed it.
    public static let redaction = "[redacted]"
    /// The default limit of one cktool call, in seconds.
    public static let defaultTimeout: TimeInterval = 120

    /// The container and team addressed; `nil` when the configuration names none.
    public let container: CloudKitContainer?
    /// The limit of each call, in seconds.
    public let timeout: TimeInterval
    /// The environment variables ckschema runs with (the token among them).
    public let variables: [String: String]

    /// A runner for `container`, each call limited to `timeout` seconds, with `variables` as the environment.
    public init(container: CloudKitContainer?, timeout: TimeInterval = defaultTimeout,
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

    /// Runs `cktool SUBCOMMAND … --environment ENV extra…`; a non-zero exit, a signal, a timeout, a missing
    /// program, a missing token or a missing container are thrown.
    func run(_ subcommand: String, environment: CloudKitEnvironment, _ extra: [String]) throws(DeployFailure) -> Output {
        guard let container else {
            throw .couldNotRun("the cktool backend needs 'cloudkit.containerID' and 'cloudkit.teamID' in ckschema.yaml")
        }
        let token = try managementToken()
        let (executable, leading) = try program()
        let arguments = leading + [subcommand, "--team-id", container.teamID, "--container-id", container.containerID,
                                   "--environment", environment.rawValue] + extra
        let process = BackendProcess(executable: executable, arguments: arguments, environment: variables, timeout: timeout)
        let result: BackendProcess.Result
        do {
            result = try process.run()
        } catch {
            switch error {
            case .couldNotStart(let reason):
                throw .couldNotRun("cannot run cktool '\(executable)': \(scrub(reason, token))")
            case .timedOut(let seconds):
                throw .couldNotRun("cktool \(subcommand) did not finish within \(Self.seconds(seconds)) and was "
                    + "stopped (raise the limit with --timeout)")
            }
        }
        let output = Output(standardOutput: scrub(String(decoding: result.standardOutput, as: UTF8.self), token),
                            standardError: scrub(String(decoding: result.standardError, as: UTF8.self), token))
        if let signal = result.signal {
            throw .couldNotRun("cktool \(subcommand) was killed by signal \(signal)\(Self.excerpt(output.combined))")
        }
        guard result.exitStatus == 0 else {
            throw .couldNotRun("cktool \(subcommand) failed with exit status \(result.exitStatus ?? -1)"
                + Self.excerpt(output.combined))
        }
        return output
    }

    /// The token, which must be set and not empty.
    func managementToken() throws(DeployFailure) -> String {
        guard let token = variables[Self.tokenVariable], !token.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw .couldNotRun("the cktool backend needs a CloudKit management token in \(Self.tokenVariable) "
                + "(create one in the CloudKit Console under Settings, and store it as a CI secret)")
        }
        return token
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

    /// `text` with every occurrence of the token replaced. Real tokens are long random strings; a value
    /// shorter than `minimumScrubbedLength` cannot be one (CloudKit would refuse it), and replacing it
    /// everywhere would mangle the schema text an export returns.
    func scrub(_ text: String, _ token: String) -> String {
        token.count < Self.minimumScrubbedLength ? text : text.replacing(token, with: Self.redaction)
    }

    /// The shortest token value that is scrubbed from cktool's output.
    static let minimumScrubbedLength = 8

    /// `: <the first lines of output>`, or nothing when the program printed nothing.
    private static func excerpt(_ output: String) -> String {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: true).prefix(5)
        guard !lines.isEmpty else { return "" }
        let text = lines.joined(separator: " / ")
        return ": " + (text.count > 500 ? text.prefix(500) + "…" : text)
    }

    /// `1 second`, `2.5 seconds`.
    private static func seconds(_ value: TimeInterval) -> String {
        let number = value == value.rounded() ? String(Int(value)) : String(value)
        return "\(number) second\(value == 1 ? "" : "s")"
    }
}
