import Foundation
import PackagePlugin

/// `swift package lint-cloudkit-schema [--target T]… [ckschema lint options]`: lints CloudKit schemas without
/// any permission (it writes nothing).
///
/// With `--target`, each named target's schema files are linted. Without, a package with a project
/// configuration (`ckschema.yaml` or `ckschema.yml` at its root) lints its project schema; one without lints
/// every target that holds schema files, as `generate-cloudkit-models` generates them, and falls back to the
/// project schema (`schemas/`) when no target has any (`LintPlan`). Every target is linted before the command
/// fails, so one run lists all findings. Other arguments (`--format sarif`, `--strict`) go to `ckschema lint`.
struct CKSchemaLintPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let (names, passThrough) = splitTargetArguments(arguments)
        let runs = try LintPlan.invocations(targets: context.pluginTargets, names: names, passThrough: passThrough,
                                            root: context.package.directoryURL)
        try ToolRunner.run(runs, keepGoing: true) { try context.tool(named: $0).url }
    }
}
