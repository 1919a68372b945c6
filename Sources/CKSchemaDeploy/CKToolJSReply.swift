import CKSchemaCore
import Foundation

/// The CKTool JS driver's reply to one request (see `CKToolJSDriver` for the protocol), read from its scrubbed
/// standard output: the one line that is a JSON object with `ok`. Every text in it is scrubbed again after
/// JSON decoding, so an escaped token is caught too.
struct CKToolJSReply: Sendable {
    /// What the call did.
    enum Outcome: Sendable {
        /// It succeeded: the export's bytes, validation's verdict and message, as the operation returns.
        case succeeded(schema: [UInt8]?, valid: Bool?, message: String?)
        /// It failed, as the driver described it.
        case failed(CKToolJSError)
    }

    let outcome: Outcome
    /// How many calls were made (retries included).
    private(set) var attempts = 1

    /// The reply in `output`, or `nil` when no line of it is one.
    init?(output: [UInt8], scrubber: SecretScrubber) {
        let lines = output.split(separator: UInt8(ascii: "\n"))
        guard let object = lines.lazy.compactMap({ line in
            (try? JSONSerialization.jsonObject(with: Data(line))) as? [String: Any]
        }).first(where: { $0["ok"] is Bool }), let ok = object["ok"] as? Bool else { return nil }
        func text(_ value: Any?) -> String? {
            (value as? String).map { scrubber.scrub($0) }
        }
        if ok {
            var schema: [UInt8]?
            if let encoded = object["schema"] as? String {
                guard let data = Data(base64Encoded: encoded) else { return nil }
                schema = Array(data)
            }
            outcome = .succeeded(schema: schema, valid: object["valid"] as? Bool, message: text(object["message"]))
        } else {
            let fields = object["error"] as? [String: Any] ?? [:]
            outcome = .failed(CKToolJSError(
                kind: text(fields["kind"]) ?? "driver", reason: text(fields["reason"]),
                status: (fields["status"] as? NSNumber)?.intValue, serverCode: text(fields["serverCode"]),
                detail: text(fields["detail"]), requestUUID: text(fields["requestUuid"]),
                retryAfter: (fields["retryAfter"] as? NSNumber)?.doubleValue, message: text(fields["message"]),
                package: text(fields["package"]), export: text(fields["export"]), version: text(fields["version"])))
        }
    }

    /// The reply, after `count` calls.
    func attempted(_ count: Int) -> CKToolJSReply {
        var copy = self
        copy.attempts = count
        return copy
    }
}

/// A failure as the driver described it: a setup problem (Node.js, the packages), the server's answer (HTTP status,
/// CloudKit's code and reason), a network failure, or what the library threw.
struct CKToolJSError: Sendable, Equatable {
    /// `setup`, `server`, `network`, `library`, `refused` or `driver`.
    let kind: String
    /// For `setup`: `missing-package`, `package-failed`, `package-shape`, `node-too-old`. For `server`: CloudKit's
    /// reason, in words.
    let reason: String?
    let status: Int?
    /// CloudKit's error code (`AUTHENTICATION_FAILED`).
    let serverCode: String?
    let detail: String?
    let requestUUID: String?
    /// Seconds the server asked to wait before calling again.
    let retryAfter: TimeInterval?
    let message: String?
    /// The package concerned, for setup failures.
    let package: String?
    /// The export the package lacks, for `package-shape`.
    let export: String?
    /// The Node.js version, for `node-too-old`.
    let version: String?

    /// Whether calling again may succeed: the server was busy or failed (HTTP 429, 5xx), or was not reached.
    var isTransient: Bool {
        kind == "network" || (kind == "server" && (status == 429 || (status ?? 0) >= 500))
    }

    /// `HTTP 401 AUTHENTICATION_FAILED: no session (request b2a1)`: what the server said.
    var serverAnswer: String {
        var text = status.map { "HTTP \($0)" } ?? "an error"
        if let serverCode { text += " \(serverCode)" }
        let words = [reason, detail].compactMap { $0 }.filter { !$0.isEmpty }
        if !words.isEmpty { text += ": " + words.joined(separator: "; ") }
        if words.isEmpty, let message { text += ": \(message)" }
        if let requestUUID { text += " (request \(requestUUID))" }
        return text
    }

    /// One sentence for `name` (`cktool-js importSchema`) made `attempts` times through `runner`.
    func sentence(_ name: String, attempts: Int, runner: CKToolJSRunner, container: CloudKitContainer?) -> String {
        let install = "'\(CKToolJSRunner.installCommand)'"
        let folder = runner.packagesFolder
        switch (kind, reason) {
        case ("setup", "missing-package"):
            return "the cktool-js backend cannot find \(package ?? "CKTool JS") in '\(folder)/node_modules' (or a folder "
                + "above it); install CKTool JS there: cd '\(folder)' && \(CKToolJSRunner.installCommand)"
        case ("setup", "package-shape"):
            return "the installed \(package ?? "CKTool JS") has no '\(export ?? "?")', which the cktool-js backend "
                + "uses; install the current CKTool JS in '\(folder)' with \(install)"
        case ("setup", "node-too-old"):
            return "the cktool-js backend needs Node.js \(CKToolJSRunner.minimumNodeMajor) or later, and node is "
                + "\(version ?? "older"); install a newer Node.js"
        case ("setup", _):
            return "the cktool-js backend cannot load \(package ?? "CKTool JS") from '\(folder)': "
                + "\(message ?? "unknown error"); reinstall it with \(install)"
        case ("server", _):
            let gaveUp = isTransient && attempts > 1 ? " (gave up after \(attempts) attempts)" : ""
            return "\(name) failed: CloudKit answered \(serverAnswer)\(gaveUp)\(hint(container))"
        case ("network", _):
            return "\(name) could not reach CloudKit: \(message ?? "network error")"
                + (attempts > 1 ? " (gave up after \(attempts) attempts)" : "")
        default:
            return "\(name) failed: \(message ?? "the CKTool JS driver gave no reason")"
        }
    }

    /// What to check, for the statuses that say it.
    private func hint(_ container: CloudKitContainer?) -> String {
        switch status {
        case 401, 403, 421:
            return "; check the management token in \(CKToolRunner.tokenVariable) (CloudKit Console → Settings → "
                + "Tokens): it must be a management token of team '\(container?.teamID ?? "?")'"
        case 404:
            return "; check 'cloudkit.containerID' ('\(container?.containerID ?? "?")') and 'cloudkit.teamID' "
                + "('\(container?.teamID ?? "?")') in ckschema.yaml"
        default:
            return ""
        }
    }
}
