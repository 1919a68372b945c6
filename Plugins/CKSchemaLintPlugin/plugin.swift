import Foundation
import PackagePlugin

/// `swift package lint-cloudkit-schema [--target T]… [ckschema lint options]`: lints CloudKit schemas without
/// any permission (it writes nothing).
///
/// With `--target`, each named target's schema files are linted; without, the project schema from
/// `ckschema.yaml` (or `schemas/`) is. Other arguments (`--format sarif`, `--strict`) go to `ckschema lint`.
@main
struct CKSchemaLintPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let (names, passThrough) = splitTargetArguments(arguments)
        let tool = try context.tool(named: "ckschema")
        let packageDirectory = context.package.directoryURL
        guard !names.isEmpty else {
            try ToolRunner.run(tool, arguments: ["lint"] + passThrough, in: packageDirectory)
            return
        }
        for target in try names.map(context.sourceTarget(named:)) {
            let files = try SchemaFiles(target: target)
            guard !files.isEmpty else { throw PluginError.noSchema(target: target.name) }
            let configuration = files.configuration.map { ["--config", $0.path] } ?? []
            try ToolRunner.run(tool, arguments: ["lint"] + files.schemas.map(\.path) + configuration + passThrough,
                               in: packageDirectory)
        }
    }
}
