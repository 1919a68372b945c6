#if canImport(XcodeProjectPlugin)
import PackagePlugin
import XcodeProjectPlugin

/// `lint-cloudkit-schema` from Xcode's project menu: the selected targets' schema files, or the project schema
/// when the project folder holds a `ckschema.yaml`. Findings print as `path:line:col: error: …`.
extension CKSchemaLintPlugin: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        let (names, passThrough) = splitTargetArguments(arguments)
        let runs = try LintPlan.invocations(targets: context.pluginTargets, names: names, passThrough: passThrough,
                                            root: context.xcodeProject.directoryURL)
        try ToolRunner.run(runs, keepGoing: true) { try context.tool(named: $0).url }
    }
}
#endif
