package import CKSchemaProcess
import Foundation
import Synchronization

/// A program a test started through `ChildProcess` without waiting for it — to signal it, watch what it does,
/// then wait for its end. It runs on a thread of its own; its outputs are captured within the options' limit.
package final class LaunchedProgram: Sendable {
    /// The program's process id (also its process group id).
    package let processIdentifier: Int32
    private let state: State

    /// What the running thread hands over.
    private final class State: Sendable {
        let started = DispatchSemaphore(value: 0)
        let ended = DispatchSemaphore(value: 0)
        let launch = Mutex<(pid: Int32, error: ChildProcess.LaunchError?)>((0, nil))
        let result = Mutex<ChildProcess.Result?>(nil)
    }

    /// Starts `executable` with `arguments` and returns as soon as it runs; throws when it cannot start.
    package init(_ executable: String, arguments: [String] = [], options: ChildProcess.Options) throws {
        let state = State()
        self.state = state
        var options = options
        options.onStart = { pid in
            state.launch.withLock { $0.pid = pid }
            state.started.signal()
        }
        Thread.detachNewThread { [options] in
            do throws(ChildProcess.LaunchError) {
                let result = try ChildProcess.run(executable, arguments: arguments, options: options)
                state.result.withLock { $0 = result }
            } catch {
                state.launch.withLock { $0.error = error }
                state.started.signal()
            }
            state.ended.signal()
        }
        state.started.wait()
        let launch = state.launch.withLock { $0 }
        if let error = launch.error { throw error }
        processIdentifier = launch.pid
    }

    /// Waits until the program has ended and its outputs are read; how it ended and what it wrote.
    package func wait() -> ChildProcess.Result? {
        state.ended.wait()
        state.ended.signal()
        return state.result.withLock { $0 }
    }
}
