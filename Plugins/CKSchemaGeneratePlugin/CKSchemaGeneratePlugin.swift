import Foundation
import PackagePlugin

/// `swift package generate-cloudkit-models [--target T]… [ckschema generate options]`: writes the CloudKit
/// models into the package, for teams that commit generated code.
///
/// With `--target`, each named target's schema files (`*.ckschema.yaml` or one `.ckdb`) generate into
/// `<target>/Generated/`; without, every target that holds schema files does, and a package with none runs
/// `ckschema generate swift` with the project configuration (`ckschema.yaml`). Other arguments (`--access`,
/// `--option`, `--check`) go to `ckschema generate` unchanged (`GeneratePlan`). It writes only with the
/// permission the package declares (`--allow-writing-to-package-directory`, or the prompt).
struct CKSchemaGeneratePlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let (names, passThrough) = splitTargetArguments(arguments)
        let runs = try GeneratePlan.invocations(targets: context.pluginTargets, names: names,
                                                passThrough: passThrough, root: context.package.directoryURL)
        try ToolRunner.run(runs) { try context.tool(named: $0).url }
    }
}
