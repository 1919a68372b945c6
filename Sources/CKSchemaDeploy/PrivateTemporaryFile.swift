import CKSchemaFiles
import Foundation

/// The private temporary files a backend hands to the program it runs (the schema for cktool, the CKTool JS
/// driver for node): each in a new folder `$TMPDIR/ckschema-<pid>-XXXXXX` only this user can enter (0700), the
/// file itself 0600, both removed afterwards and by the interrupt handler (`DeployInterruption`), and — when a
/// run was killed outright — by a later run (`TemporaryName`).
enum PrivateTemporaryFile {
    /// Runs `body` with the path of `name` in a new private folder, removed afterwards.
    static func with<Result>(
        _ name: String, _ body: (String) throws(DeployFailure) -> Result
    ) throws(DeployFailure) -> Result {
        let temporaryFolder = NSTemporaryDirectory()
        TemporaryName.removeStale(in: temporaryFolder)
        let template = (temporaryFolder as NSString).appendingPathComponent("\(TemporaryName.marker)\(getpid())-XXXXXX")
        var bytes = Array(template.utf8CString)
        let created = bytes.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
        guard let created else {
            throw .couldNotRun("cannot create a temporary folder: \(String(cString: strerror(errno)))")
        }
        let folder = String(cString: created)
        let file = (folder as NSString).appendingPathComponent(name)
        DeployInterruption.backendTemporary(folder: folder, file: file)
        defer {
            try? FileManager.default.removeItem(atPath: folder)
            DeployInterruption.backendTemporary(folder: nil, file: nil)
        }
        return try body(file)
    }

    /// Writes `text` to a new file readable by this user only; `what` names it in the error (`the schema for
    /// cktool`).
    static func write(_ text: String, to path: String, what: String) throws(DeployFailure) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw .couldNotRun("cannot write \(what) to '\(path)': \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        guard Array(text.utf8).withUnsafeBytes({ Descriptors.writeAll($0, to: descriptor) }) else {
            throw .couldNotRun("cannot write \(what) to '\(path)': \(String(cString: strerror(errno)))")
        }
    }
}
