import CKSchemaCore
import CKSchemaProcess
package import Foundation

/// Runs one CKTool JS call against the configured container through ckschema's driver (`CKToolJSDriver`) and
/// `node`, turning every way it can go wrong into one clear sentence — without ever putting the management
/// token in an argument, a message or a file.
///
/// - The program is `$CKSCHEMA_NODE` when set (a path, or a name looked up on `PATH`), else `node`; it must be
///   Node.js 18 or later (`node --version`).
/// - Each call starts `node DRIVER` (the driver in a private temporary file) in its own process group, with no
///   arguments beyond the driver's path, ckschema's environment without the token, `timeout` as its limit and the
///   held deploy lock inherited (so the lock is held for as long as the driver runs; the driver also exits as
///   soon as ckschema is gone). The request — the token inside it — goes to its standard input; its reply comes
///   back on standard output; everything it prints is scrubbed of the token, byte for byte.
/// - CKTool JS is loaded from `packagesFolder`'s `node_modules` (Node.js's own lookup from that folder).
/// - A call the server turned away for now (HTTP 429 or 5xx) or that could not reach it is made again, at most
///   `retry.attempts` times in all, after `retry.delay(after:)`; a timeout, a killed driver or any other answer
///   is not retried.
package struct CKToolJSRunner: Sendable {
    /// The variable naming the node program to run instead of `node`.
    package static let nodeVariable = "CKSCHEMA_NODE"
    /// The oldest Node.js major version CKTool JS and the driver run on.
    package static let minimumNodeMajor = 18
    /// The command that installs CKTool JS, which every message about a missing package quotes.
    package static let installCommand = "npm install @apple/cktool.database @apple/cktool.target.nodejs"
    /// How much of the driver's output is kept: a schema export travels in its reply, so 64 MiB per stream; the
    /// rest is read and dropped.
    static let outputLimit = ChildProcess.OutputLimit.keepFirst(bytesPerStream: 64 << 20)

    /// When and how often a call is made again.
    package struct RetryPolicy: Sendable, Equatable {
        /// Calls in all, the first included.
        package var attempts: Int
        /// The wait before the second call, doubled before each next one.
        package var firstDelay: TimeInterval
        /// The longest wait, whatever the server asks for (`retryAfterSeconds`).
        package var longestDelay: TimeInterval

        /// By default 4 calls at most, 1, 2 and 4 seconds apart (or as the server asks, up to 30 seconds).
        package init(attempts: Int = 4, firstDelay: TimeInterval = 1, longestDelay: TimeInterval = 30) {
            self.attempts = attempts
            self.firstDelay = firstDelay
            self.longestDelay = longestDelay
        }

        /// The wait after failed call number `attempt` (1-based): what the server asked for, else the doubling
        /// delay, never more than `longestDelay`.
        package func delay(after attempt: Int, serverAsked: TimeInterval?) -> TimeInterval {
            let doubling = firstDelay * pow(2, Double(max(0, attempt - 1)))
            return min(max(0, serverAsked ?? doubling), longestDelay)
        }
    }

    /// The operations of the protocol, with the CKTool JS method each one calls.
    enum Operation: String, Sendable {
        case export, validate, `import`, reset

        /// The `PromisesApi` method.
        var method: String {
            switch self {
            case .export: "exportSchema"
            case .validate: "validateSchema"
            case .import: "importSchema"
            case .reset: "resetToProduction"
            }
        }
    }

    /// The container and team addressed; `nil` when the configuration names none.
    package let container: CloudKitContainer?
    /// The folder whose `node_modules` holds CKTool JS (absolute, or relative to the current folder).
    package let packagesFolder: String
    /// The limit of each call, in seconds.
    package let timeout: TimeInterval
    /// The environment variables ckschema runs with (the token among them).
    package let variables: [String: String]
    /// When calls are made again.
    package let retry: RetryPolicy

    /// A runner for `container` loading CKTool JS from `packagesFolder`, each call limited to `timeout` seconds.
    package init(container: CloudKitContainer?, packagesFolder: String, timeout: TimeInterval = CKToolRunner.defaultTimeout,
                variables: [String: String] = ProcessInfo.processInfo.environment, retry: RetryPolicy = RetryPolicy()) {
        self.container = container
        self.packagesFolder = packagesFolder
        self.timeout = timeout
        self.variables = variables
        self.retry = retry
    }

    /// Everything a call needs that does not change between calls: the container, the token, the node program.
    struct Session {
        let container: CloudKitContainer
        let token: String
        let scrubber: SecretScrubber
        let node: String
    }

    /// Checks the container, the token and Node.js once, before the first call.
    func session() throws(DeployFailure) -> Session {
        guard let container else {
            throw .couldNotRun("the cktool-js backend needs 'cloudkit.containerID' and 'cloudkit.teamID' in ckschema.yaml")
        }
        let scrubber = try CKToolRunner.scrubber(of: variables, backend: "cktool-js")
        let token = variables[CKToolRunner.tokenVariable] ?? ""
        return Session(container: container, token: token, scrubber: scrubber, node: try node(scrubber))
    }

    /// The node program, once `node --version` says it is recent enough.
    private func node(_ scrubber: SecretScrubber) throws(DeployFailure) -> String {
        let named = variables[Self.nodeVariable].flatMap { $0.isEmpty ? nil : $0 } ?? "node"
        let needs = "the cktool-js backend needs Node.js \(Self.minimumNodeMajor) or later"
        guard let executable = ChildProcess.locate(named, searchPath: variables["PATH"] ?? ChildProcess.defaultSearchPath)
        else {
            let which = named == "node" ? "'node' is not on PATH" : "\(Self.nodeVariable) is '\(named)', which is not an executable program"
            throw .couldNotRun("\(needs): \(which); install Node.js, then CKTool JS with '\(Self.installCommand)'")
        }
        let options = ChildProcess.Options(environment: .exactly(withoutToken), timeout: 30,
                                           outputLimit: .keepFirst(bytesPerStream: 4096))
        let result: ChildProcess.Result
        do {
            result = try ChildProcess.run(executable, arguments: ["--version"], options: options)
        } catch {
            throw .couldNotRun("\(needs): cannot run '\(executable)': \(scrubber.scrub(error.reason))")
        }
        let printed = String(decoding: scrubber.scrub(Array(result.standardOutput)), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        guard result.failure == nil, let major = Self.majorVersion(printed) else {
            let why = result.failure.map { "'\(executable) --version' \($0)" } ?? "'\(executable) --version' printed '\(printed.prefix(80))'"
            throw .couldNotRun("\(needs): \(why)")
        }
        guard major >= Self.minimumNodeMajor else {
            throw .couldNotRun("\(needs): '\(executable)' is Node.js \(printed.dropFirst()); install a newer Node.js, "
                + "then CKTool JS with '\(Self.installCommand)'")
        }
        return executable
    }

    /// The major version in `node --version`'s `v20.11.1`.
    static func majorVersion(_ printed: String) -> Int? {
        guard printed.hasPrefix("v") else { return nil }
        return Int(printed.dropFirst().prefix { $0.isNumber })
    }

    /// ckschema's environment without the token, for node: the token travels in the request only.
    var withoutToken: [String: String] {
        variables.filter { $0.key != CKToolRunner.tokenVariable }
    }

    /// Makes `operation` on `environment` (with `schema` for validate and import), again while the server turns it
    /// away for now, and returns the driver's reply.
    func call(_ operation: Operation, environment: CloudKitEnvironment, schema: String? = nil, session: Session,
              lock: DeployLock?) throws(DeployFailure) -> CKToolJSReply {
        if operation == .import || operation == .reset, environment != .development {
            throw .couldNotRun("cktool-js \(operation.method) is only ever sent to development")
        }
        let request = try requestLine(operation, environment: environment, schema: schema, session: session)
        return try PrivateTemporaryFile.with("cktool-js-driver.cjs") { (driver) throws(DeployFailure) in
            try PrivateTemporaryFile.write(CKToolJSDriver.source, to: driver, what: "the CKTool JS driver")
            var attempt = 1
            while true {
                let reply = try run(driver, request: request, operation: operation, session: session, lock: lock)
                guard case .failed(let error) = reply.outcome, error.isTransient, attempt < retry.attempts else {
                    return reply.attempted(attempt)
                }
                Thread.sleep(forTimeInterval: retry.delay(after: attempt, serverAsked: error.retryAfter))
                attempt += 1
            }
        }
    }

    /// The request, one JSON line.
    private func requestLine(_ operation: Operation, environment: CloudKitEnvironment, schema: String?,
                             session: Session) throws(DeployFailure) -> Data {
        var request: [String: Any] = [
            "id": 1, "op": operation.rawValue, "packages": absolute(packagesFolder), "token": session.token,
            "teamId": session.container.teamID, "containerId": session.container.containerID,
            "environment": environment.rawValue,
        ]
        if let schema { request["schema"] = Data(schema.utf8).base64EncodedString() }
        guard var line = try? JSONSerialization.data(withJSONObject: request, options: [.sortedKeys]) else {
            throw .couldNotRun("cannot encode the request for the CKTool JS driver")
        }
        line.append(UInt8(ascii: "\n"))
        return line
    }

    /// One run of the driver with `request`.
    private func run(_ driver: String, request: Data, operation: Operation, session: Session,
                     lock: DeployLock?) throws(DeployFailure) -> CKToolJSReply {
        let options = ChildProcess.Options(
            input: request, environment: .exactly(withoutToken), timeout: timeout, outputLimit: Self.outputLimit,
            inheritedDescriptor: lock?.descriptorForChildren, onStart: { DeployInterruption.backendStarted(group: $0) })
        let result: ChildProcess.Result
        do {
            defer { DeployInterruption.backendFinished() }
            result = try ChildProcess.run(session.node, arguments: [driver], options: options)
        } catch {
            throw .couldNotRun("cannot run node '\(session.node)': \(session.scrubber.scrub(error.reason))")
        }
        let output = session.scrubber.scrub(Array(result.standardOutput))
        let errors = String(decoding: session.scrubber.scrub(Array(result.standardError)), as: UTF8.self)
        let name = "cktool-js \(operation.method)"
        if let failure = result.failure {
            switch failure {
            case .timedOut:
                throw .couldNotRun("\(name) \(failure) (raise the limit with --timeout)")
            case .signaled:
                throw .couldNotRun("\(name): the CKTool JS driver \(failure)")
            default:
                break
            }
        }
        guard let reply = CKToolJSReply(output: output, scrubber: session.scrubber) else {
            let excerpt = CKToolRunner.excerpt(String(decoding: output, as: UTF8.self) + "\n" + errors)
            let how = result.failure.map { "\($0) without a reply" } ?? "answered something that is not a reply"
            throw .couldNotRun("\(name): the CKTool JS driver \(how)\(excerpt)")
        }
        return reply
    }

    /// `path` made absolute against the current folder (the driver runs elsewhere).
    private func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path
            : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(path)
    }
}
