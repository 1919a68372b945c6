/// A plugin: what `@main` finds `main()` on in the real module. The stand-in has no `main()`: the tests compile
/// the plugins without their entry points and call the entry methods themselves.
public protocol Plugin {
    init()
}

/// A build-tool plugin: the commands that generate a target's sources (`PackagePlugin.BuildToolPlugin`).
public protocol BuildToolPlugin: Plugin {
    func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command]
}

/// A command plugin: a verb run by `swift package VERB` (`PackagePlugin.CommandPlugin`).
public protocol CommandPlugin: Plugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws
}
