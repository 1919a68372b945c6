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
        try PrivateTemporaryFile.with("schema.ckdb") { (file) throws(DeployFailure) in
            try PrivateTemporaryFile.write(plan.ckdb, to: file, what: "the schema for cktool")
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
        return try PrivateTemporaryFile.with("export.ckdb") { (file) throws(DeployFailure) in
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
}
