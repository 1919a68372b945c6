import CKSchemaFiles

/// ckschema's exit codes, the same for every command.
enum ExitStatus {
    /// Nothing at error severity; the change is deployable; records are valid; output is current.
    static let success: Int32 = 0
    /// Findings: errors, breaking changes, invalid records, stale generated files, refused deploys.
    static let findings: Int32 = 1
    /// Could not run: bad arguments, missing or unreadable input, backend failure.
    static let couldNotRun: Int32 = 2
}

/// A reason to stop with a message on standard error and an exit code.
struct CommandFailure: Error {
    let message: String
    let exitCode: Int32

    /// The run could not happen (exit 2).
    static func couldNotRun(_ message: String) -> CommandFailure {
        CommandFailure(message: message, exitCode: ExitStatus.couldNotRun)
    }

    /// The input was judged and found wanting, with a one-line reason (exit 1).
    static func rejected(_ message: String) -> CommandFailure {
        CommandFailure(message: message, exitCode: ExitStatus.findings)
    }
}

extension AtomicFile {
    /// Writes `contents` to `path` atomically (see `AtomicFile.write`), failing the command (exit 2) when it
    /// cannot.
    static func writing(_ contents: String, to path: String) throws(CommandFailure) {
        do {
            try write(contents, to: path)
        } catch {
            throw .couldNotRun(error.message)
        }
    }
}
