import Foundation
import PackagePlugin

/// `swift package check-cloudkit-code [--target T]… [check-code options]`: checks the package's Swift code
/// against the CloudKit schema it ships to, without any permission (it writes nothing).
///
/// Without `--target`, every source target except tests and macros is checked; other arguments
/// (`--against development`, `--format github`, `--strict`) go to `ckschema-check-code`, which runs in the
/// package folder and so reads its `ckschema.yaml` (`CheckPlans.checkCode`).
struct CKSchemaCheckCodePlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let (names, passThrough) = splitTargetArguments(arguments)
        let run = try CheckPlans.checkCode(targets: context.pluginTargets, names: names, passThrough: passThrough,
                                           root: context.package.directoryURL)
        try ToolRunner.run([run]) { try context.tool(named: $0).url }
    }
}
