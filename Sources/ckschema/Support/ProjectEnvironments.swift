import CKSchemaCore
import CKSchemaDeploy
import CKSchemaService
import Foundation

extension Project {
    /// Whether the command runs in a project: a configuration file was read, or the environments folder exists.
    /// Outside one, nothing is known about the environments and nothing is assumed.
    var isProject: Bool {
        configFile != nil || FileManager.default.fileExists(atPath: environmentsFolder)
    }

    /// Reads both snapshots. A snapshot that does not parse stops the command (exit 2).
    func environments() throws(CommandFailure) -> KnownEnvironments {
        guard isProject else { return .unknown }
        return try deploying { () throws(DeployFailure) in try KnownEnvironments.read(snapshotPath: snapshotPath) }
    }
}
