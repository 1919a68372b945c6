package import CKSchemaCore

/// Why a deploy, pull or drift check stopped. Messages are one sentence for standard error, lower-case, and
/// never contain the management token.
package enum DeployFailure: Error, Sendable, Equatable {
    /// Nothing was judged: a backend failed, timed out or was killed, a file could not be read or written,
    /// another deploy holds the lock (exit 2).
    case couldNotRun(String)
    /// The deploy was judged and refused: a stale or edited plan, a plan for another environment,
    /// backend or container (exit 1).
    case refused(String)
    /// A schema that should be valid (a snapshot, an export) is not; its diagnostics say where (exit 2).
    case invalidSchema(String, ParsedSchema)

    /// The one-sentence reason.
    package var message: String {
        switch self {
        case .couldNotRun(let message), .refused(let message), .invalidSchema(let message, _): message
        }
    }

    /// Whether the deploy was refused (exit 1) rather than unable to run (exit 2).
    package var isRefusal: Bool {
        if case .refused = self { return true }
        return false
    }

    /// Compares by case and message (the parsed schema of `invalidSchema` is not compared).
    package static func == (lhs: DeployFailure, rhs: DeployFailure) -> Bool {
        switch (lhs, rhs) {
        case (.couldNotRun(let left), .couldNotRun(let right)), (.refused(let left), .refused(let right)),
             (.invalidSchema(let left, _), .invalidSchema(let right, _)):
            left == right
        default:
            false
        }
    }
}
