import Foundation

/// Runs a backend program (cktool) directly — no shell, so no argument is ever interpreted — as the leader
/// of a new process group, with standard input closed, default signal handling, both outputs captured (up to
/// `outputLimit` bytes each), and a time limit after which the whole group is stopped: `SIGTERM`, then
/// `SIGKILL` after a grace period.
///
/// It uses `posix_spawn` and `waitpid` rather than Foundation's `Process`, whose Linux implementation reports
/// a program's end only once every process holding its output has closed it, and whose process-group
/// behavior differs between platforms.
struct BackendProcess {
    /// How a program ended.
    struct Result: Sendable {
        /// The exit status, when the program exited.
        let exitStatus: Int32?
        /// The signal that killed it, when one did.
        let signal: Int32?
        let standardOutput: Data
        let standardError: Data
    }

    /// Why a program did not run to its end.
    enum Failure: Error {
        case couldNotStart(String)
        case timedOut(TimeInterval)
    }

    /// The most bytes kept of each output; the rest is read and dropped, so a chatty program never blocks.
    static let outputLimit = 1 << 20
    /// How long a program has between `SIGTERM` and `SIGKILL`.
    static let gracePeriod: TimeInterval = 2

    let executable: String
    let arguments: [String]
    let environment: [String: String]
    let timeout: TimeInterval

    /// Runs the program and waits for it, at most `timeout` seconds (plus the grace period).
    func run() throws(Failure) -> Result {
        guard let output = Pipe.make(), let error = Pipe.make() else {
            throw .couldNotStart("cannot create pipes: \(String(cString: strerror(errno)))")
        }
        let spawned = spawn(output: output.write, error: error.write)
        close(output.write)
        close(error.write)
        let pid: pid_t
        switch spawned {
        case .success(let started):
            pid = started
        case .failure(let failure):
            close(output.read)
            close(error.read)
            throw .couldNotStart(String(cString: strerror(failure.code)))
        }
        DeployInterruption.backendStarted(group: pid)
        defer { DeployInterruption.backendFinished() }
        let readers = DispatchGroup()
        let outputData = CappedBuffer(), errorData = CappedBuffer()
        outputData.drain(output.read, in: readers)
        errorData.drain(error.read, in: readers)
        let exit = ExitWatcher(pid: pid)
        var timedOut = false
        if !exit.wait(seconds: timeout) {
            timedOut = true
            Self.signal(group: pid, SIGTERM)
            if !exit.wait(seconds: Self.gracePeriod) {
                Self.signal(group: pid, SIGKILL)
                _ = exit.wait(seconds: .infinity)
            }
        }
        // A background child may still hold the outputs open; its group still has members then, so the id
        // cannot have been reused.
        if readers.wait(timeout: .now() + 1) == .timedOut {
            Self.signal(group: pid, SIGKILL)
            readers.wait()
        }
        if timedOut { throw .timedOut(timeout) }
        let status = exit.status
        let signalNumber = status & 0x7f
        return Result(exitStatus: signalNumber == 0 ? (status >> 8) & 0xff : nil,
                      signal: signalNumber == 0 ? nil : signalNumber,
                      standardOutput: outputData.data, standardError: errorData.data)
    }

    /// Starts the program in a new process group with default signal dispositions and an empty signal mask.
    private func spawn(output: Int32, error: Int32) -> Swift.Result<pid_t, SpawnError> {
        #if canImport(Darwin)
        var attributes: posix_spawnattr_t?
        var actions: posix_spawn_file_actions_t?
        #else
        var attributes = posix_spawnattr_t()
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawnattr_init(&attributes)
        posix_spawn_file_actions_init(&actions)
        defer {
            posix_spawnattr_destroy(&attributes)
            posix_spawn_file_actions_destroy(&actions)
        }
        var noSignals = sigset_t(), allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output, STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, error, STDERR_FILENO)
        let argv = ([executable] + arguments).map { strdup($0) }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") }
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        let code = posix_spawn(&pid, executable, &actions, &attributes, argv + [nil], envp + [nil])
        return code == 0 ? .success(pid) : .failure(SpawnError(code: code))
    }

    /// Sends `signalNumber` to the process group.
    private static func signal(group: pid_t, _ signalNumber: Int32) {
        kill(-group, signalNumber)
    }
}

/// A `posix_spawn` error number.
private struct SpawnError: Error {
    let code: Int32
}

/// The two ends of a pipe, closed on exec so no other program inherits them.
private enum Pipe {
    static func make() -> (read: Int32, write: Int32)? {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
    }
}

/// Reaps the program on a background thread, so the caller can wait for it with a time limit.
private final class ExitWatcher: @unchecked Sendable {
    private let finished = DispatchSemaphore(value: 0)
    private(set) var status: Int32 = 0
    private var reaped = false

    init(pid: pid_t) {
        DispatchQueue.global().async {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            self.status = status
            self.finished.signal()
        }
    }

    /// Whether the program ended within `seconds`. Once it has, later calls return at once.
    func wait(seconds: TimeInterval) -> Bool {
        if reaped { return true }
        let deadline: DispatchTime = seconds.isFinite ? .now() + seconds : .distantFuture
        reaped = finished.wait(timeout: deadline) == .success
        return reaped
    }
}

/// Bytes read from a pipe until it closes, keeping at most `BackendProcess.outputLimit` of them.
private final class CappedBuffer: @unchecked Sendable {
    private(set) var data = Data()

    /// Reads `descriptor` to its end on a background thread, entering `group` until done; closes it after.
    func drain(_ descriptor: Int32, in group: DispatchGroup) {
        DispatchQueue.global().async(group: group) {
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                let room = BackendProcess.outputLimit - self.data.count
                if room > 0 { self.data.append(contentsOf: buffer[..<min(count, room)]) }
            }
            close(descriptor)
        }
    }
}
