import Foundation
import PackagePlugin

/// `swift package check-cloudkit-code [--target T]… [check-code options]`: checks the package's Swift code
/// against the CloudKit schema it ships to, without any permission (it writes nothing).
///
/// Without `--target`, every source target except tests and macros is checked; other arguments
/// (`--against development`, `--format github`, `--strict`) go to `ckschema-check-code`, which runs in the
/// package folder and so reads its `ckschema.yaml`.
@main
struct CKSchemaCheckCodePlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let (names, passThrough) = splitTargetArguments(arguments)
        let tool = try context.tool(named: "ckschema-check-code")
        let targets: [any SourceModuleTarget]
        if names.isEmpty {
            targets = context.package.targets.compactMap { $0 as? SourceModuleTarget }
                .filter { $0.kind != .test && $0.kind != .macro }
        } else {
            targets = try names.map(context.sourceTarget(named:))
        }
        let folders = targets.filter { target in target.sourceFiles.contains { $0.url.pathExtension == "swift" } }
            .map(\.directoryURL.path)
        guard !folders.isEmpty else { throw PluginError.noSwiftCode }
        try ToolRunner.run(tool, arguments: folders + passThrough, in: context.package.directoryURL)
    }
}
