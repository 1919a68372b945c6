import Foundation

/// `lint-cloudkit-schema`: with `--target`, each named target's schema files; without, the project schema when
/// `root` holds a `ckschema.yaml`, else every target that holds schema files (as `generate-cloudkit-models`
/// finds them), else the project schema (`schemas/`). The runner runs them all before failing, so that one run
/// lists every finding.
enum LintPlan {
    static func invocations(targets: [PluginTarget], names: [String], passThrough: [String], root: URL) throws
        -> [ToolInvocation]
    {
        let explicit = !names.isEmpty
        let project = ToolInvocation(tool: "ckschema", arguments: ["lint"] + passThrough, directory: root)
        if !explicit, hasProjectConfiguration(root) { return [project] }
        let chosen = explicit ? try selectTargets(named: names, from: targets) : targets
        var runs: [ToolInvocation] = []
        for target in chosen {
            let files = try SchemaFiles(target: target)
            if files.isEmpty {
                if explicit { throw PluginError.noSchema(target: target.name) }
                continue
            }
            let configuration = files.configuration.map { ["--config", $0.path] } ?? []
            runs.append(ToolInvocation(tool: "ckschema",
                                       arguments: ["lint"] + files.schemas.map(\.path) + configuration + passThrough,
                                       directory: root))
        }
        return runs.isEmpty ? [project] : runs
    }
}
