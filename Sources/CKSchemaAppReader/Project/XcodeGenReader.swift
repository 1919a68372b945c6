internal import CKSchemaApp
internal import CKSchemaParsing
internal import CKSchemaCore

/// Reads an XcodeGen `project.yml`: its targets' types, platforms, settings (project, templates and target,
/// `base` and per configuration), and entitlements and Info.plist, as files or as the `properties` XcodeGen
/// writes them from. `targetTemplates` are applied; `include`d files are named in a note, not read.
struct XcodeGenReader {
    let path: String

    func read(into reader: inout AppReader) {
        guard let file = reader.text(path, by: "the XcodeGen project") else { return }
        reader.project.projectFiles.append(file.path)
        let composition = YAMLComposer.compose(file)
        for diagnostic in composition.diagnostics where diagnostic.severity == .error {
            reader.report(AppReadDiagnostics.syntax, .error, "the XcodeGen project is not valid YAML: \(diagnostic.message)",
                          at: diagnostic.location)
        }
        let document = composition.document
        guard let root = document.root, document[root].kind == .mapping else {
            reader.report(AppReadDiagnostics.projectInvalid, .error, "'\(file.path)' is not an XcodeGen project (a mapping)",
                          at: SourceLocation(file: file.path, line: 1, column: 1))
            return
        }
        let yaml = YAML(document: document)
        let folder = AppPath.folder(of: path)
        if let include = yaml.value(root, "include") {
            reader.report(AppReadDiagnostics.notRead, .note,
                          "the XcodeGen project includes other files, which doctor does not read: targets and settings "
                            + "there are not judged", at: document.location(of: include))
        }
        let configurations = yaml.value(root, "configs").map { yaml.pairs($0).map { document.texts[$0.key] } }
            ?? ["Debug", "Release"]
        var projectLevel: [String: BuildSettingsLevel] = [:]
        for configuration in configurations {
            projectLevel[configuration] = yaml.settings(yaml.value(root, "settings"), configuration: configuration)
        }
        let prefix = yaml.value(root, "options").flatMap { yaml.value($0, "bundleIdPrefix") }.map { document.texts[$0] }
        guard let targets = yaml.value(root, "targets"), document[targets].kind == .mapping else { return }
        let templates = yaml.value(root, "targetTemplates")
        // A target and the templates it names, the target first: a key is the first of them that has it.
        func layers(_ target: Int) -> [Int] {
            let names = yaml.value(target, "templates").map(yaml.strings) ?? []
            return [target] + names.compactMap { name in templates.flatMap { yaml.value($0, name) } }
        }
        func lookup(_ layers: [Int], _ key: String) -> Int? {
            layers.lazy.compactMap { yaml.value($0, key) }.first
        }
        // The entitlements XcodeGen writes from `properties` (templates' merged under the target's), by path, so
        // that a target naming the file another target generates reads what will be there.
        func entitlements(_ layers: [Int]) -> (path: Int?, properties: PropertyListNode?) {
            let mappings = layers.compactMap { yaml.value($0, "entitlements") }
            let path = mappings.lazy.compactMap { yaml.value($0, "path") }.first
            let properties = mappings.reversed().compactMap { yaml.value($0, "properties").map(yaml.propertyList) }
            guard let first = properties.first else { return (path, nil) }
            return (path, properties.dropFirst().reduce(first) { merged, next in
                var entries = merged.entries.filter { entry in !next.entries.contains { $0.key == entry.key } }
                entries += next.entries
                return PropertyListNode(.dictionary(entries), at: next.location)
            })
        }
        let membership = XcodeGenSources(yaml: yaml, folder: XcodeGenSourceRoot.folder(yaml, specFolder: folder, files: reader.files.files),
                                         files: reader.files.files,
                                         display: { [files = reader.files] in files.display($0) })
        let packages = XcodeGenPackages(yaml: yaml, root: root, folder: folder)
        var generated: [String: PropertyListNode] = [:]
        for (_, target) in yaml.pairs(targets) where document[target].kind == .mapping {
            let (path, properties) = entitlements(layers(target))
            if let path, let properties, let joined = AppPath.join(folder, document.texts[path]) { generated[joined] = properties }
        }
        for (key, target) in yaml.pairs(targets) where document[target].kind == .mapping {
            let name = document.texts[key]
            let layers = layers(target)
            var variants: [AppVariant] = []
            let platforms = (lookup(layers, "supportedDestinations") ?? lookup(layers, "platform"))
                .map { yaml.strings($0).compactMap { AppPlatform(sdkOrName: $0) } } ?? []
            let (entitlementsPath, properties) = entitlements(layers)
            for configuration in configurations {
                var defaults: BuildSettingsLevel = [:]
                if let prefix {
                    defaults["PRODUCT_BUNDLE_IDENTIFIER"] = [BuildSetting(value: prefix + ".$(TARGET_NAME)", location: nil)]
                }
                var builder = AppVariantBuilder(
                    levels: [defaults, projectLevel[configuration] ?? [:]]
                        + layers.reversed().map { yaml.settings(yaml.value($0, "settings"), configuration: configuration) },
                    configuration: configuration, targetName: name, folder: folder)
                builder.platforms = platforms
                if let entitlementsPath {
                    builder.entitlementsPath = (document.texts[entitlementsPath], document.location(of: entitlementsPath))
                }
                builder.inlineEntitlements = properties ?? entitlementsPath
                    .flatMap { AppPath.join(folder, document.texts[$0]) }.flatMap { generated[$0] }
                if let info = lookup(layers, "info") {
                    let properties = yaml.value(info, "properties")
                    if let path = yaml.value(info, "path"),
                       properties == nil || (AppPath.join(folder, document.texts[path]).map { if case .success = reader.files.read($0) { true } else { false } } ?? false) {
                        builder.infoPlistPath = (document.texts[path], document.location(of: path))
                    }
                    if let properties {
                        let modes = yaml.pairs(properties).first { document.texts[$0.key] == "UIBackgroundModes" }
                        builder.inlineBackgroundModes = (modes.map { yaml.strings($0.value) } ?? [],
                                                         document.location(of: modes?.key ?? properties))
                        builder.inlineSharingSupported = yaml.pairs(properties)
                            .first { document.texts[$0.key] == "CKSharingSupported" }
                            .map { ["true", "YES", "yes"].contains(document.texts[$0.value]) } ?? false
                    }
                }
                variants = AppVariantBuilder.merge(variants, builder.build(&reader))
            }
            var appTarget = AppTarget(name: name, productType: lookup(layers, "type").map { document.texts[$0] },
                                      location: document.location(of: key), project: file.path, variants: variants)
            appTarget.sources = membership.sources(of: layers)
            for link in packages.links(of: layers) {
                reader.packageLinks.append(PackageLink(target: reader.project.targets.count, package: link.package,
                                                       product: link.product))
            }
            reader.project.targets.append(appTarget)
        }
    }

    /// Typed reads over the composed document.
    struct YAML {
        let document: YAMLDocument

        func pairs(_ index: Int) -> [(key: Int, value: Int)] {
            document[index].kind == .mapping ? document.pairs(of: index).map { ($0.key, $0.value) } : []
        }

        func value(_ mapping: Int, _ key: String) -> Int? {
            pairs(mapping).first { document.texts[$0.key] == key }?.value
        }

        /// A scalar as one string, a sequence as its scalars.
        func strings(_ index: Int) -> [String] {
            switch document[index].kind {
            case .scalar: document[index].isNull ? [] : [document.texts[index]]
            case .sequence: document.items(of: index).filter { document[$0].kind == .scalar }.map { document.texts[$0] }
            default: []
            }
        }

        /// `settings:` as one level for `configuration`: `base` then `configs.<name>` (names matched without
        /// case), or the mapping itself when it has neither.
        func settings(_ index: Int?, configuration: String) -> BuildSettingsLevel {
            guard let index, document[index].kind == .mapping else { return [:] }
            var level: BuildSettingsLevel = [:]
            func add(_ mapping: Int) {
                for (key, value) in pairs(mapping) {
                    let (name, conditions) = BuildSetting.split(document.texts[key])
                    level[name, default: []].append(BuildSetting(
                        value: strings(value).joined(separator: " "), conditions: conditions, location: document.location(of: key)))
                }
            }
            let structured = pairs(index).contains { ["base", "configs", "groups"].contains(document.texts[$0.key]) }
            guard structured else { add(index); return level }
            if let base = value(index, "base") { add(base) }
            if let configs = value(index, "configs"),
               let match = pairs(configs).first(where: { document.texts[$0.key].lowercased() == configuration.lowercased() }) {
                add(match.value)
            }
            return level
        }

        /// A YAML value as a property list (`true`/`false`/`YES`/`NO` are booleans, other scalars strings).
        func propertyList(_ index: Int) -> PropertyListNode {
            let location = document.location(of: index)
            switch document[index].kind {
            case .mapping:
                return PropertyListNode(.dictionary(pairs(index).map {
                    PropertyListEntry(key: document.texts[$0.key], keyLocation: document.location(of: $0.key),
                                      value: propertyList($0.value))
                }), at: location)
            case .sequence:
                return PropertyListNode(.array(document.items(of: index).map(propertyList)), at: location)
            default:
                let text = document.texts[index]
                if ["true", "YES", "yes"].contains(text) { return PropertyListNode(.bool(true), at: location) }
                if ["false", "NO", "no"].contains(text) { return PropertyListNode(.bool(false), at: location) }
                return PropertyListNode(.string(text), at: location)
            }
        }
    }
}
