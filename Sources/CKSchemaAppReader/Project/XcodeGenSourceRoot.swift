internal import CKSchemaParsing

/// The folder XcodeGen resolves a project's `sources` against. It is `project.yml`'s folder unless the project is
/// generated with `xcodegen --project-root DIR` (lorvex keeps its spec in `Config/XcodeGen` and its code two
/// folders up): then no source path exists from the spec's folder. The nearest enclosing folder from which *every*
/// required source path of every target exists is taken as the root — XcodeGen itself refuses a missing source,
/// so that is the only folder the project can be generated from; when no folder fits, the spec's folder stays
/// (and each target's sources stay unknown).
enum XcodeGenSourceRoot {
    static func folder(_ yaml: XcodeGenReader.YAML, specFolder: String, files: [String]) -> String {
        let paths = requiredPaths(yaml)
        guard !paths.isEmpty else { return specFolder }
        var candidate: String? = specFolder
        while let folder = candidate {
            let resolves = paths.allSatisfy { written in
                AppPath.join(folder, written).map { files.holdsFile($0) || files.holdsFolder($0) } ?? false
            }
            if resolves { return folder }
            candidate = folder.isEmpty ? nil : AppPath.folder(of: folder)
        }
        return specFolder
    }

    /// Every non-optional `sources` path of the targets and templates, as written (computed ones left out).
    private static func requiredPaths(_ yaml: XcodeGenReader.YAML) -> [String] {
        let document = yaml.document
        guard let root = document.root else { return [] }
        let mappings = ["targets", "targetTemplates"].compactMap { yaml.value(root, $0) }
            .flatMap { yaml.pairs($0).map(\.value) }.filter { document[$0].kind == .mapping }
        var paths: [String] = []
        for target in mappings {
            guard let list = yaml.value(target, "sources") else { continue }
            let items = document[list].kind == .sequence ? Array(document.items(of: list)) : [list]
            for item in items {
                let isMapping = document[item].kind == .mapping
                if isMapping, yaml.value(item, "optional").map({ document.texts[$0] == "true" }) == true { continue }
                guard let node = isMapping ? yaml.value(item, "path") : item, document[node].kind == .scalar else { continue }
                let written = document.texts[node]
                if !written.contains("$(") && !written.contains("${") { paths.append(written) }
            }
        }
        return paths
    }
}
