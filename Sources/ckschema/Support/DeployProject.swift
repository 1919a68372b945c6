import CKSchemaCore
import CKSchemaDeploy
import Foundation

extension Project {
    /// The folder holding the snapshots and the deploy lock.
    var environmentsFolder: String {
        path(configuration.environmentsDirectory)
    }

    /// The configured container, when both its ID and its team are set.
    var container: CloudKitContainer? {
        guard let containerID = configuration.containerID, let teamID = configuration.teamID else { return nil }
        return CloudKitContainer(containerID: containerID, teamID: teamID)
    }

    /// The folder whose `node_modules` holds CKTool JS: `cloudkit.nodePackages`, else the project folder.
    var nodePackagesFolder: String {
        path(configuration.nodePackages ?? ".")
    }

    /// The backend of `kind`, each call limited to `timeout` seconds; `resetDevelopment` makes a cktool-js
    /// development deploy reset development to production first.
    func backend(_ kind: DeployBackendKind, timeout: TimeInterval, resetDevelopment: Bool = false) -> any DeployBackend {
        switch kind {
        case .directory: DirectoryBackend(snapshotPath: { [self] in snapshotPath($0) })
        case .cktool: CKToolBackend(runner: CKToolRunner(container: container, timeout: timeout))
        case .cktoolJS:
            CKToolJSBackend(runner: CKToolJSRunner(container: container, packagesFolder: nodePackagesFolder,
                                                   timeout: timeout),
                            resetDevelopmentFirst: resetDevelopment)
        }
    }

    /// A deployer applying through the backend of `kind`, telling what the user should know on standard error.
    func deployer(_ kind: DeployBackendKind, timeout: TimeInterval, resetDevelopment: Bool = false) -> SchemaDeployer {
        var deployer = SchemaDeployer(backend: backend(kind, timeout: timeout, resetDevelopment: resetDevelopment),
                                      environmentsFolder: environmentsFolder,
                                      snapshotPath: { [self] in snapshotPath($0) },
                                      planner: DeployPlanner(settings: configuration.diff))
        deployer.notify = { Console.error($0.message) }
        return deployer
    }

    /// Prints the configuration's warnings, if any, to standard error.
    func printConfigurationWarnings() {
        guard !diagnostics.isEmpty else { return }
        TextOutput.printToStandardError(diagnostics, sources: [configFile].compactMap { $0 })
    }
}

extension DeployFailure {
    /// The failure as the command reports it: exit 1 for a refusal, 2 otherwise. An invalid schema's
    /// diagnostics are printed to standard error first.
    var commandFailure: CommandFailure {
        if case .invalidSchema(_, let parsed) = self {
            TextOutput.printToStandardError(parsed.diagnostics, sources: parsed.sources)
        }
        return isRefusal ? .rejected(message) : .couldNotRun(message)
    }
}

/// Runs `body`, turning a `DeployFailure` into the command's failure.
func deploying<Result>(_ body: () throws(DeployFailure) -> Result) throws(CommandFailure) -> Result {
    do {
        return try body()
    } catch {
        throw error.commandFailure
    }
}
