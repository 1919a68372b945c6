package import CKSchemaCore
package import CKSchemaDeploy
package import Foundation

extension Project {
    /// The folder holding the snapshots and the deploy lock.
    package var environmentsFolder: String {
        path(configuration.environmentsDirectory)
    }

    /// The configured container, when both its ID and its team are set.
    package var container: CloudKitContainer? {
        guard let containerID = configuration.containerID, let teamID = configuration.teamID else { return nil }
        return CloudKitContainer(containerID: containerID, teamID: teamID)
    }

    /// The folder whose `node_modules` holds CKTool JS: `cloudkit.nodePackages`, else the project folder.
    package var nodePackagesFolder: String {
        path(configuration.nodePackages ?? ".")
    }

    /// The backend of `kind`, each call limited to `timeout` seconds; `resetDevelopment` makes a cktool-js
    /// development deploy reset development to production first.
    package func backend(_ kind: DeployBackendKind, timeout: TimeInterval, resetDevelopment: Bool = false)
        -> any DeployBackend {
        switch kind {
        case .directory: DirectoryBackend(snapshotPath: { [self] in snapshotPath($0) })
        case .cktool: CKToolBackend(runner: CKToolRunner(container: container, timeout: timeout))
        case .cktoolJS:
            CKToolJSBackend(runner: CKToolJSRunner(container: container, packagesFolder: nodePackagesFolder,
                                                   timeout: timeout),
                            resetDevelopmentFirst: resetDevelopment)
        }
    }

    /// A deployer applying through the backend of `kind`; the caller sets what it tells the user (`notify`).
    package func deployer(_ kind: DeployBackendKind, timeout: TimeInterval, resetDevelopment: Bool = false)
        -> SchemaDeployer {
        SchemaDeployer(backend: backend(kind, timeout: timeout, resetDevelopment: resetDevelopment),
                       environmentsFolder: environmentsFolder,
                       snapshotPath: { [self] in snapshotPath($0) },
                       planner: DeployPlanner(settings: configuration.diff))
    }
}
