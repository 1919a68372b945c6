import Foundation

/// Keeps a program that exits without reading its input from killing ckschema with `SIGPIPE`, without changing
/// anything process-wide: `SIGPIPE` is blocked on the thread that writes the input, and one raised meanwhile by
/// a write to an abandoned pipe is consumed before the thread's mask is restored. (On Apple platforms the pipe
/// itself is set not to raise it.)
struct BrokenPipeGuard {
    private var previousMask = sigset_t()
    private let wasBlocked: Bool

    /// Blocks `SIGPIPE` on the calling thread.
    init() {
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previousMask)
        wasBlocked = sigismember(&previousMask, SIGPIPE) == 1
    }

    /// Consumes a `SIGPIPE` raised while blocked, and restores the calling thread's mask.
    func restore() {
        #if os(Linux)
        if !wasBlocked {
            var pending = sigset_t()
            sigpending(&pending)
            if sigismember(&pending, SIGPIPE) == 1 {
                var pipeSignal = sigset_t()
                sigemptyset(&pipeSignal)
                sigaddset(&pipeSignal, SIGPIPE)
                var noWait = timespec()
                _ = sigtimedwait(&pipeSignal, nil, &noWait)
            }
        }
        #endif
        var mask = previousMask
        pthread_sigmask(SIG_SETMASK, &mask, nil)
    }
}
