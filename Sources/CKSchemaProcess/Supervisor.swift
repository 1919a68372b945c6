import Foundation

/// Drives one started program to its end in a single `poll(2)` loop: writes its input as the pipe takes it,
/// reads both outputs as they come, and enforces the time limit, the output limit and the output grace period.
///
/// Every call in the loop either cannot block or is retried on `EINTR`, so a signal handler running on this
/// thread never cuts a run short or loses output.
struct Supervisor {
    private let pid: Int32
    private let options: ChildProcess.Options
    private let watcher: ExitWatcher
    private var input: PendingInput?
    /// The read ends of standard output and standard error, `nil` once closed.
    private var outputs: [Int32?]
    private var capture: OutputCapture
    private var buffer = [UInt8](repeating: 0, count: 65_536)
    /// When the program ended, as `Supervisor.now` saw it.
    private var exitedAt: Double?
    /// When `SIGKILL` follows the `SIGTERM` already sent.
    private var killAt: Double?
    private var stopping = false
    private var timedOut = false
    /// Whether the outputs were abandoned to a background process still holding them.
    private var abandonedOutputs = false
    /// The value of `EscapedDescendants.variable` in the program's environment.
    private let marker: String

    init(pid: Int32, pipes: ChildPipes, watcher: ExitWatcher, options: ChildProcess.Options, marker: String) {
        self.pid = pid
        self.marker = marker
        self.options = options
        self.watcher = watcher
        outputs = [pipes.output.read, pipes.error.read]
        capture = OutputCapture(limit: options.outputLimit)
        if let ends = pipes.input {
            input = PendingInput(descriptor: ends.write, data: options.input ?? Data())
        }
    }

    /// Runs the loop until the program has ended and its outputs are closed (or abandoned after the output grace
    /// period), then reaps it.
    mutating func run() -> ChildProcess.Result {
        let brokenPipeGuard = input == nil ? nil : BrokenPipeGuard()
        writeInput()
        let start = Self.now
        let deadline = options.timeout.flatMap { $0.isFinite ? start + max(0, $0) : nil }
        while true {
            let now = Self.now
            if let exitedAt {
                if outputs.allSatisfy({ $0 == nil }) { break }
                if now >= exitedAt + options.outputGracePeriod {
                    // A background child still holds the outputs: stop it, keep what it already wrote.
                    signalGroup(SIGKILL)
                    abandonedOutputs = true
                    closeOutputs(keepingBufferedData: true)
                    break
                }
                waitForEvents(until: exitedAt + options.outputGracePeriod)
            } else {
                if !stopping, let deadline, now >= deadline {
                    timedOut = true
                    stop()
                }
                if let due = killAt, now >= due {
                    signalGroup(SIGKILL)
                    killAt = nil
                }
                waitForEvents(until: [stopping ? nil : deadline, killAt].compactMap { $0 }.min())
            }
        }
        closeInput()
        if stopping || abandonedOutputs {
            // What left the group (`setsid`) was not reached by the group's signals.
            EscapedDescendants.kill(marker: marker)
        }
        let termination = watcher.reap()
        brokenPipeGuard?.restore()
        return ChildProcess.Result(termination: termination, standardOutput: capture.output,
                                   standardError: capture.error, timedOut: timedOut,
                                   exceededOutputLimit: capture.exceeded, timeLimit: options.timeout,
                                   outputLimit: options.outputLimit)
    }

    /// Sends `SIGTERM` to the group and schedules `SIGKILL` after the grace period.
    private mutating func stop() {
        stopping = true
        signalGroup(SIGTERM)
        killAt = Self.now + max(0, options.gracePeriod)
    }

    /// Signals the program's process group: the program and everything it started that stayed in the group.
    private func signalGroup(_ signalNumber: Int32) {
        kill(-pid, signalNumber)
    }

    /// Waits for the pipes or the program's end, at most until `deadline`, and handles what happened.
    private mutating func waitForEvents(until deadline: Double?) {
        enum Source { case input, output(Int), exit }
        var descriptors: [pollfd] = []
        var sources: [Source] = []
        if let input {
            descriptors.append(pollfd(fd: input.descriptor, events: Int16(POLLOUT), revents: 0))
            sources.append(.input)
        }
        for (index, output) in outputs.enumerated() {
            guard let output else { continue }
            descriptors.append(pollfd(fd: output, events: Int16(POLLIN), revents: 0))
            sources.append(.output(index))
        }
        if exitedAt == nil {
            descriptors.append(pollfd(fd: watcher.descriptor, events: Int16(POLLIN), revents: 0))
            sources.append(.exit)
        }
        let ready = poll(&descriptors, nfds_t(descriptors.count), Self.milliseconds(until: deadline))
        guard ready > 0 else {
            // EINTR: look at the clock again. Anything else cannot be waited out; pause instead of spinning.
            if ready < 0 && errno != EINTR { usleep(10_000) }
            return
        }
        for (descriptor, source) in zip(descriptors, sources) where descriptor.revents != 0 {
            switch source {
            case .input: writeInput()
            case .output(let index): readOutput(index)
            case .exit: exitedAt = Self.now
            }
        }
    }

    /// Writes as much pending input as the pipe takes; closes it when all is written or the program stopped
    /// reading.
    private mutating func writeInput() {
        guard var pending = input else { return }
        while pending.offset < pending.data.count {
            let written = pending.data.withUnsafeBytes { bytes in
                write(pending.descriptor, bytes.baseAddress.map { $0 + pending.offset }, bytes.count - pending.offset)
            }
            if written > 0 {
                pending.offset += written
            } else if written < 0 && errno == EINTR {
                continue
            } else if written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                input = pending
                return
            } else {
                break  // EPIPE: the program will read no more.
            }
        }
        input = pending
        closeInput()
    }

    private mutating func closeInput() {
        guard let pending = input else { return }
        close(pending.descriptor)
        input = nil
    }

    /// What one read of an output found.
    private enum ReadOutcome { case data, empty, closed }

    /// Reads one chunk of output `index`; closes the output at its end, on an error, or when a `stop` limit is
    /// passed.
    @discardableResult
    private mutating func readOutput(_ index: Int) -> ReadOutcome {
        guard let descriptor = outputs[index] else { return .closed }
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                let stream: OutputCapture.Stream = index == 0 ? .output : .error
                guard capture.append(buffer[..<count], from: stream) else {
                    outputLimitPassed()
                    return .closed
                }
                return .data
            }
            if count < 0 && errno == EINTR { continue }
            if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return .empty }
            close(descriptor)
            outputs[index] = nil
            return .closed
        }
    }

    /// The outputs passed a `stop` limit: stop reading them and stop the program.
    private mutating func outputLimitPassed() {
        closeOutputs(keepingBufferedData: false)
        if !stopping && exitedAt == nil { stop() }
    }

    /// Closes the outputs, first reading what is already in them when `keepingBufferedData`.
    private mutating func closeOutputs(keepingBufferedData: Bool) {
        for index in outputs.indices {
            if keepingBufferedData {
                while readOutput(index) == .data {}
            }
            if let descriptor = outputs[index] {
                close(descriptor)
                outputs[index] = nil
            }
        }
    }

    /// Milliseconds from now until `deadline`, for `poll`; -1 (no limit) without one.
    private static func milliseconds(until deadline: Double?) -> Int32 {
        guard let deadline else { return -1 }
        let milliseconds = ((deadline - now) * 1000).rounded(.up)
        return Int32(min(Double(Int32.max), max(0, milliseconds)))
    }

    /// Seconds on a monotonic clock.
    private static var now: Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }
}

/// Input not yet written to the program.
private struct PendingInput {
    let descriptor: Int32
    let data: Data
    var offset = 0
}
