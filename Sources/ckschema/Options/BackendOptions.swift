import ArgumentParser
package import CKSchemaCore
import CKSchemaDeploy
import CKSchemaService
import Foundation

extension CloudKitEnvironment: ExpressibleByArgument {}
extension DeployBackendKind: ExpressibleByArgument {}

/// `--backend` and `--timeout`, shared by `deploy`, `pull` and `drift`.
struct BackendOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "How to reach the environment: directory (its snapshot file), cktool (the real container, macOS) or cktool-js (the real container through CKTool JS and Node.js, any system).",
        discussion: "Default: the environment's 'backend' in ckschema.yaml, else directory."))
    var backend: DeployBackendKind?

    @Option(name: .long, help: ArgumentHelp(
        "Seconds each cktool or CKTool JS call may take before it is stopped.", valueName: "seconds"))
    var timeout: Double = CKToolRunner.defaultTimeout

    func validate() throws {
        guard timeout.isFinite, timeout > 0 else { throw ValidationError("--timeout must be a positive number of seconds") }
    }

    /// The backend kind for `environment`: the flag, else the configuration.
    func kind(for environment: CloudKitEnvironment, in project: Project) -> DeployBackendKind {
        backend ?? project.configuration.settings(for: environment).backend
    }
}
