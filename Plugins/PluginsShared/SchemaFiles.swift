import Foundation

/// The schema files a target holds: YAML files named `*.ckschema.yaml` / `*.ckschema.yml` (they merge into
/// one schema) or one `*.ckdb` file, and an optional `ckschema.yaml` / `ckschema.yml` configuration beside
/// them whose `generate.swift` keys set the generator's options.
struct SchemaFiles: Equatable {
    /// The schema files, sorted by path.
    let schemas: [URL]
    /// The target's ckschema configuration, if it has one.
    let configuration: URL?

    /// Finds the schema files among the `files` of the target called `target`.
    init(files: [URL], target: String) throws {
        var yaml: [URL] = []
        var ckdb: [URL] = []
        var configurations: [URL] = []
        for file in files {
            let name = file.lastPathComponent
            if name == "ckschema.yaml" || name == "ckschema.yml" {
                configurations.append(file)
            } else if name.hasSuffix(".ckschema.yaml") || name.hasSuffix(".ckschema.yml") {
                yaml.append(file)
            } else if file.pathExtension == "ckdb" {
                ckdb.append(file)
            }
        }
        if !yaml.isEmpty, !ckdb.isEmpty {
            throw PluginError.mixedSchemaLanguages(target: target)
        }
        if ckdb.count > 1 {
            throw PluginError.severalCKDBFiles(target: target, files: ckdb.map(\.lastPathComponent).sorted())
        }
        if configurations.count > 1 {
            throw PluginError.severalConfigurations(target: target)
        }
        schemas = (yaml + ckdb).sorted { $0.path < $1.path }
        configuration = configurations.first
    }

    /// Finds the schema files of `target`.
    init(target: PluginTarget) throws {
        try self.init(files: target.files, target: target.name)
    }

    /// Whether the target has a schema at all.
    var isEmpty: Bool { schemas.isEmpty }

    /// `--schema FILE` for each schema file and `--config FILE` when there is a configuration.
    var arguments: [String] {
        schemas.flatMap { ["--schema", $0.path] } + (configuration.map { ["--config", $0.path] } ?? [])
    }

    /// The files a build command reads: the schema files and the configuration.
    var inputFiles: [URL] {
        schemas + (configuration.map { [$0] } ?? [])
    }
}
