import CKSchemaCore
package import CKSchemaDeploy
import Foundation

extension Project {
    /// Whether the command runs in a project: a configuration file was read, or the environments folder exists.
    /// Outside one, nothing is known about the environments and nothing is assumed.
    package var isProject: Bool {
        configFile != nil || FileManager.default.fileExists(atPath: environmentsFolder)
    }

    /// Reads both snapshots. A snapshot that does not parse is a failure carrying its errors.
    package func environments() throws(ServiceError) -> KnownEnvironments {
        guard isProject else { return .unknown }
        do {
            return try KnownEnvironments.read(snapshotPath: snapshotPath)
        } catch {
            throw ServiceError(error)
        }
    }
}

extension ServiceError {
    /// A deploy step's failure that is not a refusal (reading a snapshot): an invalid schema keeps its errors.
    package init(_ failure: DeployFailure) {
        if case .invalidSchema(_, let parsed) = failure {
            self = .invalid(failure.message, diagnostics: parsed.diagnostics, sources: parsed.sources)
        } else {
            self = .couldNotRun(failure.message)
        }
    }
}
