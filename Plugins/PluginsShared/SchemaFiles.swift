import Foundation
import PackagePlugin

/// The schema files a target holds: YAML files named `*.ckschema.yaml` / `*.ckschema.yml` (they merge into
/// one schema) or one `*.ckdb` file, and an optional `ckschema.yaml` / `ckschema.yml` configuration beside
/// them whose `generate.swift` keys set the generator's options.
struct SchemaFiles {
    /// The schema files, sorted by path.
    let schemas: [URL]
    /// The target's ckschema configuration, if it has one.
    let configuration: URL?

    /// Finds the schema files among `target`'s source files.
    init(target: SourceModuleTarget) throws {
        var yaml: [URL] = []
        var ckdb: [URL] = []
        var configurations: [URL] = []
        for file in target.sourceFiles {
            let name = file.url.lastPathComponent
            if name == "ckschema.yaml" || name == "ckschema.yml" {
                configurations.append(file.url)
            } else if name.hasSuffix(".ckschema.yaml") || name.hasSuffix(".ckschema.yml") {
                yaml.append(file.url)
            } else if file.url.pathExtension == "ckdb" {
                ckdb.append(file.url)
            }
        }
        if !yaml.isEmpty, !ckdb.isEmpty {
            throw PluginError.mixedSchemaLanguages(target: target.name)
        }
        if ckdb.count > 1 {
            throw PluginError.severalCKDBFiles(target: target.name, files: ckdb.map(\.lastPathComponent))
        }
        if configurations.count > 1 {
            throw PluginError.severalConfigurations(target: target.name)
        }
        schemas = (yaml + ckdb).sorted { $0.path < $1.path }
        configuration = configurations.first
    }

    /// Whether the target has a schema at all.
    var isEmpty: Bool { schemas.isEmpty }

    /// `--schema FILE` for each schema file and `--config FILE` when there is a configuration.
    var arguments: [String] {
        schemas.flatMap { ["--schema", $0.path] } + (configuration.map { ["--config", $0.path] } ?? [])
    }
}

extension PluginContext {
    /// The source target called `name`; throws `PluginError.unknownTarget` when the package has none.
    func sourceTarget(named name: String) throws -> SourceModuleTarget {
        guard let target = package.targets.first(where: { $0.name == name }) as? SourceModuleTarget else {
            throw PluginError.unknownTarget(name)
        }
        return target
    }
}

/// The `--target` names among a command plugin's `arguments`, and the arguments left for the tool.
func splitTargetArguments(_ arguments: [String]) -> (targets: [String], passThrough: [String]) {
    var extractor = ArgumentExtractor(arguments)
    let names = extractor.extractOption(named: "target")
    return (names, extractor.remainingArguments)
}
