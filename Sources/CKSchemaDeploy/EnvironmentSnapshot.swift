package import CKSchemaCore
import CKSchemaFiles
import CKSchemaParsing
package import Foundation

/// An environment's snapshot file (`environments/<name>.ckdb`) as it is on disk now: its exact bytes, their
/// digest, and the schema they hold. A missing file is an environment that was never deployed: it holds the
/// empty schema.
package struct EnvironmentSnapshot: Sendable {
    /// The environment the file records.
    package let environment: CloudKitEnvironment
    /// The file.
    package let path: String
    /// The file's bytes; `nil` when it does not exist.
    package let contents: Data?

    /// A snapshot of `environment` at `path` holding `contents` (`nil`: no file).
    package init(environment: CloudKitEnvironment, path: String, contents: Data?) {
        self.environment = environment
        self.path = path
        self.contents = contents
    }

    /// Reads `environment`'s snapshot at `path`; a missing file is not an error. The snapshot must be a regular
    /// file on disk (a link to one is read; writing it is refused, see `AtomicFile` in CKSchemaFiles).
    package static func read(_ environment: CloudKitEnvironment, at path: String) throws(DeployFailure) -> EnvironmentSnapshot {
        let contents: [UInt8]?
        do {
            contents = try InputFile.readIfPresent(path)
        } catch {
            throw .couldNotRun("cannot read the \(environment.rawValue) snapshot: \(error)")
        }
        return EnvironmentSnapshot(environment: environment, path: path, contents: contents.map { Data($0) })
    }

    /// The sentence every command says once when the file does not exist, `nil` when it does.
    package var missingNote: String? {
        guard contents == nil else { return nil }
        return "there is no snapshot of \(environment.rawValue) ('\(path)'): it is taken as an empty environment, "
            + "never deployed"
    }

    /// The SHA-256 of the bytes, `nil` when there is no file.
    package var digest: String? {
        contents.map { SHA256.hexDigest(of: $0) }
    }

    /// What the plan file records about this snapshot.
    package var reference: SnapshotReference {
        SnapshotReference(environment: environment, path: path, sha256: digest)
    }

    /// The schema the snapshot holds: the empty schema when there is no file. Text that is not UTF-8, or that
    /// does not parse, stops the deploy: a plan made against a schema read with errors would be guesswork.
    package func parse() throws(DeployFailure) -> ParsedSchema {
        guard let contents else {
            return .empty
        }
        guard let text = String(validating: contents, as: UTF8.self) else {
            throw .couldNotRun("the \(environment.rawValue) snapshot '\(path)' is not UTF-8 text")
        }
        let parsed = CKDBParser.parse(SourceFile(path: path, text: text))
        guard !parsed.hasErrors else {
            throw .invalidSchema("the \(environment.rawValue) snapshot '\(path)' is not a valid schema", parsed)
        }
        return parsed
    }
}
