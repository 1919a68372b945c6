import Foundation
import PackagePlugin

/// `swift package lint-cloudkit-schema [--target T]… [ckschema lint options]`: lints CloudKit schemas without
/// any permission (it writes nothing).
///
/// With `--target`, each named target's schema files are linted. Without, a package with a project
/// configuration (`ckschema.yaml` or `ckschema.yml` at its root) lints its project schema; one without lints
/// every target that holds schema files, as `generate-cloudkit-models` generates them, and falls back to the
/// project schema (`schemas/`) when no target has any. Every target is linted before the command fails, so
/// one run lists all findings. Other arguments (`--format sarif`, `--strict`) go to `ckschema lint`.
@main
struct CKSchemaLintPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let (names, passThrough) = splitTargetArguments(arguments)
        let tool = try context.tool(named: "ckschema")
        let packageDirectory = context.package.directoryURL
        let explicit = !names.isEmpty
        if !explicit, Self.hasProjectConfiguration(packageDirectory) {
            try ToolRunner.run(tool, arguments: ["lint"] + passThrough, in: packageDirectory)
            return
        }
        let targets = explicit
            ? try names.map(context.sourceTarget(named:))
            : context.package.targets.compactMap { $0 as? SourceModuleTarget }
        var linted = 0
        var failures: [PluginError] = []
        for target in targets {
            let files = try SchemaFiles(target: target)
            if files.isEmpty {
                if explicit { throw PluginError.noSchema(target: target.name) }
                continue
            }
            let configuration = files.configuration.map { ["--config", $0.path] } ?? []
            linted += 1
            do {
                try ToolRunner.run(tool, arguments: ["lint"] + files.schemas.map(\.path) + configuration + passThrough,
                                   in: packageDirectory)
            } catch let failure as PluginError {
                failures.append(failure)
            }
        }
        if linted == 0 {
            try ToolRunner.run(tool, arguments: ["lint"] + passThrough, in: packageDirectory)
        }
        if let failure = failures.first { throw failure }
    }

    /// Whether the package root holds a ckschema project configuration.
    static func hasProjectConfiguration(_ directory: URL) -> Bool {
        ["ckschema.yaml", "ckschema.yml"].contains { name in
            FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path)
        }
    }
}
