import CKSchemaProcess
import Foundation
import Synchronization
import Testing

/// How many `SIGUSR2`s the test handler has caught.
private let caughtSignals = Atomic<Int>(0)

/// `ChildProcess.run` while signal handlers keep interrupting the thread that runs it.
@Suite(.timeLimit(.minutes(1))) struct ChildProcessInterruptionTests {
    /// Installs a `SIGUSR2` handler without `SA_RESTART`, so every blocking call it interrupts fails with EINTR.
    /// It stays installed: a late signal must find a handler, never the default action.
    private static func installHandler() {
        var action = sigaction()
        #if os(Linux)
        action.__sigaction_handler.sa_handler = { _ in caughtSignals.add(1, ordering: .relaxed) }
        #else
        action.__sigaction_u.__sa_handler = { _ in caughtSignals.add(1, ordering: .relaxed) }
        #endif
        action.sa_flags = 0
        sigemptyset(&action.sa_mask)
        sigaction(SIGUSR2, &action, nil)
    }

    @Test func signalsOnTheRunningThreadLoseNoInputOrOutput() throws {
        Self.installHandler()
        let input = Data((0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 % 251) })
        let run = ThreadRun()
        let before = caughtSignals.load(ordering: .relaxed)
        // A thread of its own: the test runner's threads block every signal, which would hide the storm.
        Thread.detachNewThread {
            var user2 = sigset_t()
            sigemptyset(&user2)
            sigaddset(&user2, SIGUSR2)
            pthread_sigmask(SIG_UNBLOCK, &user2, nil)
            let storm = SignalStorm(target: pthread_self(), signal: SIGUSR2)
            let result = try? ChildProcess.run("/bin/sh", arguments: ["-c", "cat; sleep 0.2; echo done >&2"],
                                               options: .init(input: input, timeout: 30, outputLimit: .enough))
            storm.stop()
            run.finish(result)
        }
        let result = try #require(run.wait())
        #expect(caughtSignals.load(ordering: .relaxed) > before, "the run was interrupted")
        #expect(result.termination == .exited(0))
        #expect(!result.timedOut)
        #expect(result.standardOutput == input)
        #expect(String(decoding: result.standardError, as: UTF8.self) == "done\n")
    }
}

/// The result of a run on another thread, handed over once.
private final class ThreadRun: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var result: ChildProcess.Result?

    func finish(_ result: ChildProcess.Result?) {
        self.result = result
        done.signal()
    }

    func wait() -> ChildProcess.Result? {
        done.wait()
        return result
    }
}

/// Sends `signal` to one thread every fraction of a millisecond until stopped.
private final class SignalStorm: Sendable {
    private let running = Atomic<Bool>(true)
    private let finished = DispatchSemaphore(value: 0)

    init(target: pthread_t, signal: Int32) {
        Thread.detachNewThread { [self] in
            while running.load(ordering: .relaxed) {
                pthread_kill(target, signal)
                usleep(300)
            }
            finished.signal()
        }
    }

    /// Stops sending and waits until no more signal can come.
    func stop() {
        running.store(false, ordering: .relaxed)
        finished.wait()
    }
}
