#if canImport(XcodeProjectPlugin)
import PackagePlugin
import XcodeProjectPlugin

/// `generate-cloudkit-models` from Xcode's project menu, on the targets selected there (Xcode passes them as
/// `--target`): the models go into a `Generated` folder beside each target's schema files, in the project
/// folder Xcode lets the plugin write to once the user allowed it.
extension CKSchemaGeneratePlugin: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        let (names, passThrough) = splitTargetArguments(arguments)
        let runs = try GeneratePlan.invocations(targets: context.pluginTargets, names: names,
                                                passThrough: passThrough, root: context.xcodeProject.directoryURL)
        try ToolRunner.run(runs) { try context.tool(named: $0).url }
    }
}
#endif
