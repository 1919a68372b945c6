public import CKSchemaCore
import Foundation

/// The backend that talks to a real container through Apple's `cktool`:
///
/// - **development**: `validate-schema`, then `import-schema`, each with the plan's whole schema. An import
///   replaces the environment's schema (CLOUDKIT-RULES §1.4, "assume replace"), so the plan lists deletions too.
/// - **production**: there is no supported import (cktool answers "endpoint not applicable in the environment
///   'production'"); only the CloudKit Console's "Deploy Schema Changes" promotes a schema. Applying returns
///   `awaitingConsole`; the snapshot is recorded once the user confirms the Console deploy.
/// - **export**: `export-schema` to a private temporary file, read back exactly.
public struct CKToolBackend: DeployBackend {
    /// Runs cktool.
    public let runner: CKToolRunner

    /// A backend running cktool through `runner`.
    public init(runner: CKToolRunner) {
        self.runner = runner
    }

    /// `cktool`.
    public var kind: DeployBackendKind { .cktool }

    /// The configured container.
    public var container: CloudKitContainer? { runner.container }

    /// Validates and imports the plan's schema into development; for production, waits for the Console.
    public func apply(_ plan: DeployPlan, consoleDeployConfirmed: Bool) throws(DeployFailure) -> ApplyOutcome {
        guard plan.environment == .development else {
            return consoleDeployConfirmed ? .applied : .awaitingConsole
        }
        try withTemporaryFolder { (folder) throws(DeployFailure) in
            let file = (folder as NSString).appendingPathComponent("schema.ckdb")
            try writePrivate(plan.ckdb, to: file)
            let validation = try runner.run("validate-schema", environment: .development, ["--file", file])
            // cktool reports a rejected schema as "❌ Schema validation failed: …"; an exit status of 0 with that
            // text is still a rejection.
            if validation.combined.localizedCaseInsensitiveContains("validation failed") {
                throw .couldNotRun("cktool validate-schema rejected the schema: \(validation.combined)")
            }
            _ = try runner.run("import-schema", environment: .development, ["--file", file])
        }
        return .applied
    }

    /// `export-schema` of `environment`, read from the file cktool wrote.
    public func export(_ environment: CloudKitEnvironment) throws(DeployFailure) -> ExportedSchema {
        let origin = "cktool export-schema (\(environment.rawValue))"
        return try withTemporaryFolder { (folder) throws(DeployFailure) in
            let file = (folder as NSString).appendingPathComponent("export.ckdb")
            _ = try runner.run("export-schema", environment: environment, ["--output-file", file])
            guard let data = FileManager.default.contents(atPath: file) else {
                throw .couldNotRun("cktool export-schema finished but wrote no schema to its output file")
            }
            guard let text = String(validating: data, as: UTF8.self) else {
                throw .couldNotRun("cktool export-schema wrote something that is not UTF-8 text")
            }
            return ExportedSchema(text: runner.scrub(text, (try? runner.managementToken()) ?? ""), origin: origin)
        }
    }

    /// Runs `body` with a new folder only this user can read, removed afterwards.
    private func withTemporaryFolder<Result>(
        _ body: (String) throws(DeployFailure) -> Result
    ) throws(DeployFailure) -> Result {
        var template = Array((NSTemporaryDirectory() as NSString).appendingPathComponent("ckschema-XXXXXX").utf8CString)
        let created = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
        guard let created else {
            throw .couldNotRun("cannot create a temporary folder: \(String(cString: strerror(errno)))")
        }
        let folder = String(cString: created)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        return try body(folder)
    }

    /// Writes `text` to a new file readable by this user only.
    private func writePrivate(_ text: String, to path: String) throws(DeployFailure) {
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8),
                                             attributes: [.posixPermissions: 0o600]) else {
            throw .couldNotRun("cannot write the schema for cktool to '\(path)'")
        }
    }
}
