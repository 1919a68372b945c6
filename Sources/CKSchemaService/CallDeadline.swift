package import Foundation

/// The time limit of one call of a service (the MCP server's tool calls). The work runs on its own thread;
/// when the limit passes first, the call answers that it ran out of time and the work's result, when it comes,
/// is dropped. (Schema work cannot be interrupted midway; the server's inputs are bounded, so such work ends.)
package enum CallDeadline {
    /// Seconds a call may take.
    package static let seconds: TimeInterval = 30

    package struct Expired: Error, CustomStringConvertible {
        package let seconds: TimeInterval

        package init(seconds: TimeInterval) {
            self.seconds = seconds
        }

        package var description: String { "the call did not finish within \(Int(seconds)) seconds" }
    }

    /// The value of `work`, or `Expired` when `seconds` pass first.
    package static func run<Output: Sendable>(within seconds: TimeInterval = seconds,
                                              _ work: @escaping @Sendable () throws -> Output) async throws -> Output {
        let outcome = Once<Result<Output, any Error>>()
        return try await withCheckedThrowingContinuation { continuation in
            outcome.onFirst = { continuation.resume(with: $0) }
            Thread.detachNewThread {
                outcome.deliver(Result { try work() })
            }
            // A Dispatch timer, not a task: the cooperative pool has a thread per core, and work blocking them
            // (other calls, other tests) must not keep the limit from being answered.
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
                outcome.deliver(.failure(Expired(seconds: seconds)))
            }
        }
    }
}

/// Hands the first of several values to `onFirst`; the later ones are dropped.
private final class Once<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var delivered = false
    var onFirst: ((Value) -> Void)?

    func deliver(_ value: Value) {
        lock.lock()
        let first = !delivered
        delivered = true
        let handler = onFirst
        lock.unlock()
        if first { handler?(value) }
    }
}
