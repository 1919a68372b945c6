import Foundation
import PackagePlugin

/// `swift package generate-cloudkit-models [--target T]… [ckschema generate options]`: writes the CloudKit
/// models into the package, for teams that commit generated code.
///
/// With `--target`, each named target's schema files (`*.ckschema.yaml` or one `.ckdb`) generate into
/// `<target>/Generated/`; without, every target that holds schema files does, and a package with none runs
/// `ckschema generate swift` with the project configuration (`ckschema.yaml`). Other arguments (`--access`,
/// `--option`, `--check`) go to `ckschema generate` unchanged.
@main
struct CKSchemaGeneratePlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let (names, passThrough) = splitTargetArguments(arguments)
        let tool = try context.tool(named: "ckschema")
        let packageDirectory = context.package.directoryURL
        let explicit = !names.isEmpty
        let targets = explicit
            ? try names.map(context.sourceTarget(named:))
            : context.package.targets.compactMap { $0 as? SourceModuleTarget }
        var generated = 0
        for target in targets {
            let files = try SchemaFiles(target: target)
            if files.isEmpty {
                if explicit { throw PluginError.noSchema(target: target.name) }
                continue
            }
            let output = target.directoryURL.appendingPathComponent("Generated")
            try ToolRunner.run(tool, arguments: ["generate", "swift"] + files.arguments + ["--output", output.path]
                + passThrough, in: packageDirectory)
            generated += 1
        }
        if generated == 0, !explicit {
            try ToolRunner.run(tool, arguments: ["generate", "swift"] + passThrough, in: packageDirectory)
        }
    }
}
