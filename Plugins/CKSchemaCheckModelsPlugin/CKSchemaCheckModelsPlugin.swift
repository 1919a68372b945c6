import Foundation
import PackagePlugin

/// `swift package check-cloudkit-models [--target T]… [check-models options]`: checks the package's SwiftData
/// models (`@Model` classes in its Swift files) and Core Data models (`.xcdatamodeld`) for CloudKit: that
/// `NSPersistentCloudKitContainer` can mirror them, and that the environment holds every type and field they
/// sync (`ckschema check-models`). It writes nothing, so it needs no permission.
///
/// Without `--target`, every source target except tests and macros is checked; other arguments
/// (`--against development`, `--schema S`, `--format github`, `--strict`) go to `ckschema check-models`, which
/// runs in the package folder and so reads its `ckschema.yaml` (`CheckPlans.checkModels`).
struct CKSchemaCheckModelsPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let (names, passThrough) = splitTargetArguments(arguments)
        let run = try CheckPlans.checkModels(targets: context.pluginTargets, names: names, passThrough: passThrough,
                                             root: context.package.directoryURL)
        try ToolRunner.run([run]) { try context.tool(named: $0).url }
    }
}
