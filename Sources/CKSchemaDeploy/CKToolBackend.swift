package import CKSchemaCore
import CKSchemaFiles
import Foundation

/// The backend that talks to a real container through Apple's `cktool`:
///
/// - **development**: `validate-schema`, then `import-schema`, each with the plan's whole schema. An import
///   replaces the environment's schema (docs/cloudkit-facts.md §1.4, "assume replace"), so the plan lists deletions too.
/// - **production**: there is no supported import (cktool answers "endpoint not applicable in the environment
///   'production'"); only the CloudKit Console's "Deploy Schema Changes" promotes a schema. Applying returns
///   `awaitingConsole`; the snapshot is recorded once the user confirms the Console deploy.
/// - **export**: `export-schema` to a private temporary file, read back exactly. An export holding the
///   management token is refused rather than recorded (or altered).
///
/// The private folder is `$TMPDIR/ckschema-<pid>-XXXXXX` (mode 0700): removed afterwards, removed by the interrupt
/// handler, and — when a run was killed outright — removed by a later run (`TemporaryName`).
package struct CKToolBackend: DeployBackend {
    /// Runs cktool.
    package let runner: CKToolRunner

    /// A backend running cktool through `runner`.
    package init(runner: CKToolRunner) {
        self.runner = runner
    }

    /// `cktool`.
    package var kind: DeployBackendKind { .cktool }

    /// The configured container.
    package var container: CloudKitContainer? { runner.container }

    /// Validates and imports the plan's schema into development; for production, waits for the Console.
    package func apply(_ plan: DeployPlan, consoleDeployConfirmed: Bool,
                      lock: DeployLock?) throws(DeployFailure) -> ApplyOutcome {
        guard plan.environment == .development else {
            return consoleDeployConfirmed ? .applied : .awaitingConsole
        }
        try withTemporaryFile("schema.ckdb") { (file) throws(DeployFailure) in
            try writePrivate(plan.ckdb, to: file)
            let validation = try runner.run("validate-schema", environment: .development, ["--file", file], lock: lock)
            // cktool reports a rejected schema as "❌ Schema validation failed: …"; an exit status of 0 with that
            // text is still a rejection.
            if validation.combined.localizedCaseInsensitiveContains("validation failed") {
                throw .couldNotRun("cktool validate-schema rejected the schema: \(validation.combined)")
            }
            _ = try runner.run("import-schema", environment: .development, ["--file", file], lock: lock)
        }
        return .applied
    }

    /// `export-schema` of `environment`, read from the file cktool wrote.
    package func export(_ environment: CloudKitEnvironment, lock: DeployLock?) throws(DeployFailure) -> ExportedSchema {
        let origin = "cktool export-schema (\(environment.rawValue))"
        return try withTemporaryFile("export.ckdb") { (file) throws(DeployFailure) in
            _ = try runner.run("export-schema", environment: environment, ["--output-file", file], lock: lock)
            let data: [UInt8]
            do {
                data = try InputFile.read(file)
            } catch {
                if case InputFileError.missing = error {
                    throw .couldNotRun("cktool export-schema finished but wrote no schema to its output file")
                }
                throw .couldNotRun("cannot read what cktool export-schema wrote: \(error)")
            }
            guard let text = String(validating: data, as: UTF8.self) else {
                throw .couldNotRun("cktool export-schema wrote something that is not UTF-8 text")
            }
            if try runner.scrubber().contains(data) {
                throw .couldNotRun("cktool export-schema returned a schema holding the management token; nothing was "
                    + "recorded (a snapshot is recorded byte for byte, and the token must never be written)")
            }
            return ExportedSchema(text: text, origin: origin)
        }
    }

    /// Runs `body` with the path of `name` in a new folder only this user can read, removed afterwards (and
    /// by the interrupt handler).
    private func withTemporaryFile<Result>(
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

    /// Writes `text` to a new file readable by this user only.
    private func writePrivate(_ text: String, to path: String) throws(DeployFailure) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw .couldNotRun("cannot write the schema for cktool to '\(path)': \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        guard Array(text.utf8).withUnsafeBytes({ Descriptors.writeAll($0, to: descriptor) }) else {
            throw .couldNotRun("cannot write the schema for cktool to '\(path)': \(String(cString: strerror(errno)))")
        }
    }
}
