import Foundation

/// Stops the processes a program started that left its process group.
///
/// Stopping a program signals its whole process group, which catches everything it started — unless a
/// descendant moved to a group of its own (`setsid`, `setpgid`), as daemons do. Every program `ChildProcess`
/// starts gets a variable `CKSCHEMA_PROCESS_TREE` with a value unique to that run, which its descendants inherit
/// with the rest of the environment; when the run is stopped, every process of this user whose environment
/// holds that value is killed.
///
/// Limits: this needs `/proc` (Linux; elsewhere nothing is done), and a descendant that starts its children
/// with a cleared environment escapes it.
enum EscapedDescendants {
    /// The variable marking a run's processes.
    static let variable = "CKSCHEMA_PROCESS_TREE"

    /// A value no other run shares.
    static func newMarker() -> String {
        "\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
    }

    /// Kills (`SIGKILL`) every process whose environment holds `variable=marker`, in a few rounds in case one
    /// was forking meanwhile.
    static func kill(marker: String) {
        #if os(Linux)
        let needle = Array("\(variable)=\(marker)".utf8)
        for _ in 0..<5 {
            let found = processes(holding: needle)
            guard !found.isEmpty else { return }
            for pid in found { _ = Foundation.kill(pid, SIGKILL) }
            usleep(10_000)
        }
        #endif
    }

    #if os(Linux)
    /// The processes (other than this one) whose initial environment holds the entry `needle`.
    private static func processes(holding needle: [UInt8]) -> [Int32] {
        guard let directory = opendir("/proc") else { return [] }
        defer { closedir(directory) }
        var found: [Int32] = []
        let own = getpid()
        var buffer = [UInt8](repeating: 0, count: 1 << 18)
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let pid = Int32(name), pid != own else { continue }
            let descriptor = open("/proc/\(pid)/environ", O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            var count = 0
            while count < buffer.count {
                let read = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress! + count, $0.count - count) }
                if read > 0 { count += read } else if read == 0 || errno != EINTR { break }
            }
            close(descriptor)
            if holds(needle, in: buffer[..<count]) { found.append(pid) }
        }
        return found
    }

    /// Whether the NUL-separated entries `environment` include exactly `needle`.
    private static func holds(_ needle: [UInt8], in environment: ArraySlice<UInt8>) -> Bool {
        environment.split(separator: 0).contains { $0.elementsEqual(needle) }
    }
    #endif
}
