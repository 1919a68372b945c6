#if canImport(XcodeProjectPlugin)
import PackagePlugin
import XcodeProjectPlugin

/// The build plugin in an Xcode target ("Run Build Tool Plug-ins"): the schema files among the target's input
/// files, the same command as in a package.
extension CKSchemaBuildPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let plan = try BuildPlan.command(for: PluginTarget(target), workDirectory: context.pluginWorkDirectoryURL)
        return [plan.command(executable: try context.tool(named: plan.tool).url)]
    }
}
#endif
