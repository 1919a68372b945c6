#if canImport(XcodeProjectPlugin)
import PackagePlugin
import XcodeProjectPlugin

/// `check-cloudkit-models` from Xcode's project menu: the selected targets' Swift files and `.xcdatamodeld`
/// models (all targets but test bundles when none is selected), in the project folder.
extension CKSchemaCheckModelsPlugin: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        let (names, passThrough) = splitTargetArguments(arguments)
        let run = try CheckPlans.checkModels(targets: context.pluginTargets, names: names, passThrough: passThrough,
                                             root: context.xcodeProject.directoryURL)
        try ToolRunner.run([run]) { try context.tool(named: $0).url }
    }
}
#endif
