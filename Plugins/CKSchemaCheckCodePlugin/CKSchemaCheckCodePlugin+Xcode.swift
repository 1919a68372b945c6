#if canImport(XcodeProjectPlugin)
import PackagePlugin
import XcodeProjectPlugin

/// `check-cloudkit-code` from Xcode's project menu: the selected targets' Swift files (all targets but test
/// bundles when none is selected), in the project folder so that its `ckschema.yaml` applies.
extension CKSchemaCheckCodePlugin: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        let (names, passThrough) = splitTargetArguments(arguments)
        let run = try CheckPlans.checkCode(targets: context.pluginTargets, names: names, passThrough: passThrough,
                                           root: context.xcodeProject.directoryURL)
        try ToolRunner.run([run]) { try context.tool(named: $0).url }
    }
}
#endif
