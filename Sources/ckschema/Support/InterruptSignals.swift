import CKSchemaDeploy
import Foundation

/// The program's handlers for `SIGINT`, `SIGTERM` and `SIGHUP` during commands that hold the deploy lock or run
/// a backend (deploy, pull, drift, init from cktool). Process-wide handlers are the program's to install, so
/// they live here, not in a library: the handler undoes what `DeployInterruption` published, then lets the
/// signal end the process as it would have (exit status and all).
enum InterruptSignals {
    /// Installs the handler and unblocks the signals on the calling thread (a parent may have started ckschema
    /// with them blocked, which would leave it, and the cktool it starts, deaf to an interrupt). Call it once,
    /// on the main thread, before taking the lock.
    static func install() {
        var signals = sigset_t()
        sigemptyset(&signals)
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            signal(signalNumber, handleInterrupt)
            sigaddset(&signals, signalNumber)
        }
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }
}

/// The signal handler: async-signal-safe calls only.
private func handleInterrupt(_ signalNumber: Int32) {
    DeployInterruption.cleanUp()
    signal(signalNumber, SIG_DFL)
    raise(signalNumber)
}
