import Foundation

/// Learns on a helper thread when the program has ended — without reaping it — and says so by writing one byte
/// to a pipe that the `poll(2)` loop watches.
///
/// Until `reap()`, the ended program stays a zombie, so its process id, and with it its process group id, cannot
/// be given to another process: signalling the group is safe for the whole run, even after the program ended.
final class ExitWatcher: Sendable {
    /// Readable once the program has ended.
    let descriptor: Int32
    private let pid: Int32

    /// Starts watching `pid`, announcing its end on `pipe` (whose write end the watcher closes).
    init(pid: Int32, notifying pipe: ChildPipes.Ends) {
        self.pid = pid
        descriptor = pipe.read
        let write = pipe.write
        Thread.detachNewThread {
            var info = siginfo_t()
            while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
            var byte: UInt8 = 1
            while Foundation.write(write, &byte, 1) < 0 && errno == EINTR {}
            Foundation.close(write)
        }
    }

    /// Collects the ended program's status (call it only once the descriptor was readable) and closes the
    /// descriptor. When something else reaped the program first, it is reported as exited with -1.
    func reap() -> ChildProcess.Termination {
        var status: Int32 = 0
        var reaped: Int32
        repeat {
            reaped = waitpid(pid, &status, 0)
        } while reaped < 0 && errno == EINTR
        close(descriptor)
        return reaped == pid ? ChildProcess.Termination(waitStatus: status) : .exited(-1)
    }
}
