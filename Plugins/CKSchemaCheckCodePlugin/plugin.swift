import PackagePlugin
@main struct CKSchemaCheckCodePlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {}
}
