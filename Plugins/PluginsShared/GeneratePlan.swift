import Foundation

/// `generate-cloudkit-models`: one `ckschema generate swift` per target that holds schema files, into a
/// `Generated` folder — in a SwiftPM target's folder, beside an Xcode target's first schema file (Xcode targets
/// have no folder of their own). Without `--target` and with no target holding schema files, one run with the
/// project configuration (`ckschema.yaml`) in `root`.
enum GeneratePlan {
    /// The runs, in order; a target named with `--target` that has no schema is an error, others are skipped.
    static func invocations(targets: [PluginTarget], names: [String], passThrough: [String], root: URL) throws
        -> [ToolInvocation]
    {
        let explicit = !names.isEmpty
        let chosen = explicit ? try selectTargets(named: names, from: targets) : targets
        var runs: [ToolInvocation] = []
        for target in chosen {
            let files = try SchemaFiles(target: target)
            guard let first = files.schemas.first else {
                if explicit { throw PluginError.noSchema(target: target.name) }
                continue
            }
            let output = (target.directory ?? first.deletingLastPathComponent()).appendingPathComponent("Generated")
            runs.append(ToolInvocation(tool: "ckschema",
                                       arguments: ["generate", "swift"] + files.arguments + ["--output", output.path]
                                           + passThrough,
                                       directory: root))
        }
        if runs.isEmpty, !explicit {
            runs.append(ToolInvocation(tool: "ckschema", arguments: ["generate", "swift"] + passThrough, directory: root))
        }
        return runs
    }
}
