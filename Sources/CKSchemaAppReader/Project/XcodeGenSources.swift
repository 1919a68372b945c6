internal import CKSchemaApp
internal import CKSchemaCore
internal import CKSchemaParsing

/// Which files an XcodeGen target compiles (`AppTarget.sources`): its `sources` (a path, or
/// `{path, excludes, includes, buildPhase, type, destinationFilters}`; paths relative to `project.yml`'s folder) and
/// its `dependencies: - target: Name`, over the target and the templates it names. A shape not understood gives
/// `nil` (the whole code is judged for the target), never a smaller set than the truth.
struct XcodeGenSources {
    let yaml: XcodeGenReader.YAML
    /// The folder of `project.yml`, relative to the root.
    let folder: String
    /// Every file of the root, sorted, to tell a file source from a folder (and from a missing path).
    let files: [String]
    let display: (String) -> String

    /// The sources of the target whose mappings (the target, then its templates) are `layers`.
    func sources(of layers: [Int]) -> TargetSources? {
        let document = yaml.document
        var sources = TargetSources()
        for layer in layers {
            if let list = yaml.value(layer, "sources") {
                let items: [Int]
                switch document[list].kind {
                case .scalar: items = [list]
                case .sequence: items = Array(document.items(of: list))
                default: return nil
                }
                for item in items {
                    guard add(item, to: &sources) else { return nil }
                }
            }
            let dependencies = yaml.value(layer, "dependencies")
                .flatMap { document[$0].kind == .sequence ? Array(document.items(of: $0)) : nil } ?? []
            for dependency in dependencies {
                // `Project/Target` names a target of another project.
                if let target = yaml.value(dependency, "target").map({ document.texts[$0] }), !target.contains("/"),
                   !sources.dependencies.contains(target) {
                    sources.dependencies.append(target)
                }
            }
        }
        return sources
    }

    /// Adds one `sources` entry; `false` when it is written in a way not understood.
    private func add(_ item: Int, to sources: inout TargetSources) -> Bool {
        let document = yaml.document
        let isMapping = document[item].kind == .mapping
        guard let pathNode = isMapping ? yaml.value(item, "path") : item, document[pathNode].kind == .scalar else { return false }
        let written = document.texts[pathNode]
        guard !written.contains("$(") && !written.contains("${") else { return false }
        // Outside the root: none of the code read is there.
        guard let path = AppPath.join(folder, written) else { return true }
        if isMapping {
            // A folder reference (`type: folder`) is copied whole, and other build phases do not compile.
            if yaml.value(item, "type").map({ document.texts[$0] }) == "folder" { return true }
            if let phase = yaml.value(item, "buildPhase"), document[phase].kind != .scalar || document.texts[phase] != "sources" {
                return true
            }
        }
        let optional = isMapping && yaml.value(item, "optional").map { document.texts[$0] == "true" } == true
        if !isFile(path) && !isFolder(path) {
            // XcodeGen refuses a missing source: the paths start elsewhere (`xcodegen --project-root`), and which
            // files the target compiles is not known. An optional one may be missing.
            return optional
        }
        if isFile(path) {
            let shown = display(path)
            sources.files.insert(shown)
            // `destinationFilters` (or the older `platformFilters`) limit a file to some platforms. On a folder
            // they are not kept: compiled everywhere is the larger set.
            if isMapping, let filter = yaml.value(item, "destinationFilters") ?? yaml.value(item, "platformFilters") {
                sources.platformFilters[shown] = XcodeSourceMembership.platforms(yaml.strings(filter))
            }
            return true
        }
        let shownFolder = XcodeSourceMembership.folderForm(display(path))
        sources.folders.append(shownFolder)
        // `includes` narrows the folder to some patterns: left out, the whole folder is the larger set.
        for pattern in isMapping ? yaml.value(item, "excludes").map(yaml.strings) ?? [] : [] {
            sources.excludedGlobs.append(PathGlob(shownFolder.isEmpty ? pattern : shownFolder + "/" + pattern, anchored: true))
        }
        return true
    }

    private func isFile(_ path: String) -> Bool { files.holdsFile(path) }

    private func isFolder(_ path: String) -> Bool { files.holdsFolder(path) }
}
