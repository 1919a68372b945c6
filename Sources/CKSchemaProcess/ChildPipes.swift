import Foundation

/// The pipes between ckschema and one program: standard input (when there is input), standard output, standard
/// error, and the pipe on which `ExitWatcher` announces the program's end.
///
/// Every end is close-on-exec and numbered 3 or above, so that no other program inherits one and the
/// `dup2` onto 0, 1 and 2 in the child never meets a descriptor already in place. The ends ckschema keeps
/// for input and output are non-blocking: one `poll(2)` loop serves them all.
struct ChildPipes {
    /// One pipe's ends.
    struct Ends {
        let read: Int32
        let write: Int32
    }

    /// Standard input, when the program gets input; ckschema writes `write`.
    let input: Ends?
    /// Standard output; ckschema reads `read`.
    let output: Ends
    /// Standard error; ckschema reads `read`.
    let error: Ends
    /// Written once by `ExitWatcher` when the program has ended.
    let exit: Ends

    /// Makes all the pipes, or none.
    static func make(withInput: Bool) throws(ChildProcess.LaunchError) -> ChildPipes {
        var made: [Ends] = []
        do {
            for _ in 0..<(withInput ? 4 : 3) { made.append(try makePipe()) }
        } catch {
            made.forEach(closeBoth)
            throw error
        }
        let pipes = ChildPipes(input: withInput ? made[3] : nil, output: made[0], error: made[1], exit: made[2])
        for descriptor in [pipes.output.read, pipes.error.read] + (pipes.input.map { [$0.write] } ?? []) {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        }
        #if canImport(Darwin)
        // Writing to a program that has stopped reading fails with EPIPE instead of raising SIGPIPE.
        if let input = pipes.input { _ = fcntl(input.write, F_SETNOSIGPIPE, 1) }
        #endif
        return pipes
    }

    /// Closes the ends that belong to the program, once it has started (or failed to).
    func closeChildEnds() {
        for descriptor in [input?.read, output.write, error.write].compactMap({ $0 }) { Foundation.close(descriptor) }
    }

    /// Closes every end, when the program could not be started.
    func closeAll() {
        for ends in [input, output, error, exit].compactMap({ $0 }) { Self.closeBoth(ends) }
    }

    private static func makePipe() throws(ChildProcess.LaunchError) -> Ends {
        var ends: [Int32] = [-1, -1]
        #if os(Linux)
        // Close-on-exec from the start: a program another thread spawns between pipe() and fcntl() would
        // otherwise inherit the write end and hold this program's output open.
        guard systemPipe2(&ends, O_CLOEXEC) == 0 else { throw .noPipes(code: errno) }
        #else
        guard pipe(&ends) == 0 else { throw .noPipes(code: errno) }
        #endif
        do {
            return Ends(read: try aboveStandardStreams(ends[0]), write: try aboveStandardStreams(ends[1]))
        } catch {
            ends.forEach { _ = Foundation.close($0) }
            throw error
        }
    }

    /// `descriptor` made close-on-exec and moved to 3 or above (it lands on 0–2 when ckschema runs with a
    /// standard stream closed).
    private static func aboveStandardStreams(_ descriptor: Int32) throws(ChildProcess.LaunchError) -> Int32 {
        guard descriptor <= STDERR_FILENO else {
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            return descriptor
        }
        let moved = fcntl(descriptor, F_DUPFD_CLOEXEC, STDERR_FILENO + 1)
        guard moved >= 0 else { throw .noPipes(code: errno) }
        Foundation.close(descriptor)
        return moved
    }

    private static func closeBoth(_ ends: Ends) {
        Foundation.close(ends.read)
        Foundation.close(ends.write)
    }
}

#if os(Linux)
/// The type of glibc's `pipe2`.
private typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32

/// glibc's `pipe2` (there since glibc 2.9), looked up at run time because the Swift module declares it only
/// under `_GNU_SOURCE`; plain `pipe` plus `fcntl` where it cannot be found.
private let systemPipe2: Pipe2 = {
    if let program = dlopen(nil, RTLD_NOW), let symbol = dlsym(program, "pipe2") {
        return unsafeBitCast(symbol, to: Pipe2.self)
    }
    return { ends, flags in
        guard pipe(ends) == 0 else { return -1 }
        if flags & O_CLOEXEC != 0 { for end in 0..<2 { _ = fcntl(ends[end], F_SETFD, FD_CLOEXEC) } }
        return 0
    }
}()
#endif
