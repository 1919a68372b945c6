package import Foundation

/// Whether a process the tests started (directly or through a program) has ended.
///
/// `kill(pid, 0)` alone is not enough: a program's background child whose parent was killed is re-parented
/// to PID 1, and where PID 1 does not reap orphans (minimal container and VM init processes) it stays a
/// zombie — ended, but still answering signals. A zombie counts as ended here.
package enum ProcessLiveness {
    /// Whether `pid` has ended: it no longer exists, or it is a zombie waiting to be reaped.
    package static func hasEnded(_ pid: Int32) -> Bool {
        if kill(pid, 0) != 0 { return true }
        #if os(Linux)
        // /proc/PID/stat is "PID (COMMAND) STATE …"; COMMAND may hold spaces and parentheses, so the state is
        // the first field after the last ')'.
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
        guard let close = stat.lastIndex(of: ")") else { return false }
        let state = stat[stat.index(after: close)...].drop { $0 == " " }.first
        return state == "Z" || state == "X"
        #else
        return false
        #endif
    }

    /// Waits up to `seconds` for `pid` to end; whether it did.
    package static func waitUntilEnded(_ pid: Int32, seconds: TimeInterval = 5) -> Bool {
        Polling.wait(upTo: seconds) { hasEnded(pid) }
    }
}
