import Foundation
import PackagePlugin

/// The `--target` names among a command plugin's `arguments` (SwiftPM's `--target`, and the targets selected
/// in Xcode's dialog, which Xcode passes the same way), and the arguments left for the tool.
func splitTargetArguments(_ arguments: [String]) -> (targets: [String], passThrough: [String]) {
    var extractor = ArgumentExtractor(arguments)
    let names = extractor.extractOption(named: "target")
    return (names, extractor.remainingArguments)
}

/// The targets called `names` among `targets`, in the order named; throws `PluginError.unknownTarget` for a name
/// no target has.
func selectTargets(named names: [String], from targets: [PluginTarget]) throws -> [PluginTarget] {
    try names.map { name in
        guard let target = targets.first(where: { $0.name == name }) else { throw PluginError.unknownTarget(name) }
        return target
    }
}

/// Whether `directory` holds a ckschema project configuration (`ckschema.yaml` or `ckschema.yml`).
func hasProjectConfiguration(_ directory: URL) -> Bool {
    ["ckschema.yaml", "ckschema.yml"].contains { name in
        FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path)
    }
}
