package import CKSchemaCore
import Foundation

/// The backend that talks to a real container through Apple's CKTool JS, run by Node.js — on any system,
/// Linux CI included — with the same contract as the cktool backend:
///
/// - **development**: `validateSchema` (a rejection stops the deploy, naming the schema line when the server
///   does), then — with `resetDevelopmentFirst` — `resetToProduction`, then `importSchema` of the plan's whole
///   schema. An import replaces the environment's schema, so the plan lists deletions too.
/// - **production**: no import exists there; applying returns `awaitingConsole`, and the snapshot is recorded
///   once the user confirms the Console deploy (or `pull production` reads it back).
/// - **export**: `exportSchema`, the bytes exactly as the server sent them. An export holding the management token
///   is refused rather than recorded.
///
/// No import or reset is ever sent to production: the runner and the driver both refuse it.
package struct CKToolJSBackend: DeployBackend {
    /// Runs the driver.
    package let runner: CKToolJSRunner
    /// Whether a development deploy first resets development to production's schema (`deploy --reset`).
    package let resetDevelopmentFirst: Bool

    /// A backend calling CKTool JS through `runner`.
    package init(runner: CKToolJSRunner, resetDevelopmentFirst: Bool = false) {
        self.runner = runner
        self.resetDevelopmentFirst = resetDevelopmentFirst
    }

    /// `cktool-js`.
    package var kind: DeployBackendKind { .cktoolJS }

    /// The configured container.
    package var container: CloudKitContainer? { runner.container }

    /// Validates, optionally resets, and imports the plan's schema into development; for production, waits for
    /// the Console.
    package func apply(_ plan: DeployPlan, consoleDeployConfirmed: Bool,
                      lock: DeployLock?) throws(DeployFailure) -> ApplyOutcome {
        guard plan.environment == .development else {
            return consoleDeployConfirmed ? .applied : .awaitingConsole
        }
        let session = try runner.session()
        let validation = try succeed(.validate, schema: plan.ckdb, session: session, lock: lock)
        guard case .succeeded(_, let valid, _) = validation.outcome, valid == true else {
            let reason = Self.rejection(validation) ?? "it did not say the schema is valid"
            throw .couldNotRun("CloudKit rejected the schema (cktool-js validateSchema): \(reason)"
                + Self.quotedLine(of: plan.ckdb, namedIn: reason))
        }
        if resetDevelopmentFirst {
            _ = try succeed(.reset, session: session, lock: lock)
        }
        do {
            _ = try succeed(.import, schema: plan.ckdb, session: session, lock: lock)
        } catch {
            guard resetDevelopmentFirst else { throw error }
            throw .couldNotRun(error.message + "; development was reset to production's schema first, so it no longer "
                + "matches its snapshot: run 'ckschema pull development'")
        }
        return .applied
    }

    /// `exportSchema` of `environment`.
    package func export(_ environment: CloudKitEnvironment, lock: DeployLock?) throws(DeployFailure) -> ExportedSchema {
        let session = try runner.session()
        let reply = try succeed(.export, environment: environment, session: session, lock: lock)
        guard case .succeeded(let bytes?, _, _) = reply.outcome else {
            throw .couldNotRun("cktool-js exportSchema finished but returned no schema")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .couldNotRun("cktool-js exportSchema returned something that is not UTF-8 text")
        }
        if session.scrubber.contains(bytes) {
            throw .couldNotRun("cktool-js exportSchema returned a schema holding the management token; nothing was "
                + "recorded (a snapshot is recorded byte for byte, and the token must never be written)")
        }
        return ExportedSchema(text: text, origin: "cktool-js exportSchema (\(environment.rawValue))")
    }

    /// Makes the call and throws its failure as one sentence.
    private func succeed(_ operation: CKToolJSRunner.Operation, environment: CloudKitEnvironment = .development,
                         schema: String? = nil, session: CKToolJSRunner.Session,
                         lock: DeployLock?) throws(DeployFailure) -> CKToolJSReply {
        let reply = try runner.call(operation, environment: environment, schema: schema, session: session, lock: lock)
        if case .failed(let error) = reply.outcome {
            if operation == .validate, error.kind == "server", error.status == 400 {
                let answer = error.serverAnswer
                throw .couldNotRun("CloudKit rejected the schema (cktool-js validateSchema): \(answer)"
                    + Self.quotedLine(of: schema ?? "", namedIn: answer))
            }
            throw .couldNotRun(error.sentence("cktool-js \(operation.method)", attempts: reply.attempts, runner: runner,
                                              container: session.container))
        }
        return reply
    }

    /// Validation's message, when it gave one.
    private static func rejection(_ reply: CKToolJSReply) -> String? {
        if case .succeeded(_, _, let message) = reply.outcome { return message }
        return nil
    }

    /// `; line 6 of the schema sent: "…"` when `message` names a line (`at line 6, column 25`) the schema has.
    static func quotedLine(of schema: String, namedIn message: String) -> String {
        guard let range = message.range(of: #"line (\d+)"#, options: .regularExpression),
              let number = Int(message[range].dropFirst("line ".count)), number >= 1 else { return "" }
        let lines = schema.split(separator: "\n", omittingEmptySubsequences: false)
        guard number <= lines.count else { return "" }
        let line = lines[number - 1].trimmingCharacters(in: .whitespaces)
        return "; line \(number) of the schema sent is '\(line.prefix(200))'"
    }
}
