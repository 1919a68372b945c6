package import CKSchemaCore
import CKSchemaDeploy
import CKSchemaModels
import CKSchemaParsing
import CKSchemaRules
import Foundation

/// The project a service serves: its folder, its configuration (`ckschema.yaml` when present) and how the
/// names a client gives (environment names, files and folders) become schemas, every path confined to the
/// folder. Paths are relative to the folder, which is the current folder of the process serving it.
package struct ServiceProject: Sendable {
    /// The names the configuration file may have, tried in order.
    package static let configNames = ["ckschema.yaml", "ckschema.yml"]

    package let folder: ProjectFolder
    package let configuration: ProjectConfiguration
    /// The configuration file, when one was read.
    package let configFile: SourceFile?
    /// Problems in the configuration that do not stop the service (warnings), reported with lint's findings.
    package let diagnostics: [Diagnostic]

    /// Reads the configuration of the project in `folder`; errors in it are thrown with their diagnostics.
    package static func load(_ folder: ProjectFolder) throws(ServiceError) -> ServiceProject {
        guard let name = configNames.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            return ServiceProject(folder: folder, configuration: ProjectConfiguration(), configFile: nil, diagnostics: [])
        }
        let file: SourceFile
        do {
            file = try SchemaLoader.read(try folder.confine(name))
        } catch let error as ServiceError {
            throw error
        } catch {
            throw .couldNotRun("configuration \(error)")
        }
        let loaded = ConfigurationLoader.load(file, directory: ".")
        let diagnostics = loaded.diagnostics + RuleSelectionCheck.diagnostics(for: loaded.configuration.lint)
            + RuleSelectionCheck.diagnostics(for: loaded.configuration.models.rules, rules: ModelRules.descriptions)
        if let error = diagnostics.first(where: { $0.severity == .error }) {
            throw .couldNotRun("the configuration '\(name)' is invalid: \(error.message)")
        }
        return ServiceProject(folder: folder, configuration: loaded.configuration, configFile: file, diagnostics: diagnostics)
    }

    /// Whether the project derives its schema from SwiftData or Core Data models (`models:` in the
    /// configuration), which only the command line reads (through `ckschema-check-code`).
    package var hasModels: Bool {
        !configuration.models.paths.isEmpty
    }

    /// The snapshot file of `environment`.
    package func snapshotPath(_ environment: CloudKitEnvironment) -> String {
        (configuration.environmentsDirectory as NSString).appendingPathComponent("\(environment.rawValue).ckdb")
    }

    /// What a client's name stands for: an environment (its snapshot) or a path inside the project.
    package func resolve(_ name: String) throws(ServiceError) -> ResolvedInput {
        if let environment = CloudKitEnvironment(rawValue: name), !FileManager.default.fileExists(atPath: name) {
            let path = try folder.confine(snapshotPath(environment))
            return .environment(environment, path: path)
        }
        if name.hasPrefix("git:") || name.hasPrefix("models:") {
            throw .invalidArgument("'\(name)': git: and models: sources are read by the command line only (ckschema "
                + "diff); name an environment or a schema file or folder in the project")
        }
        let path = try folder.confine(name)
        guard FileManager.default.fileExists(atPath: path) else {
            if !name.contains("/"), !name.contains(".") {
                throw .invalidArgument("unknown environment '\(name)'; name development or production, or a schema "
                    + "file or folder in the project")
            }
            throw .couldNotRun("'\(name)' does not exist")
        }
        return .path(path)
    }

    /// The one schema named by `name`: `nil` is the project schema; an environment without a snapshot is the
    /// empty schema, with the sentence that says so.
    package func loadSchema(_ name: String?) throws(ServiceError) -> (parsed: ParsedSchema, note: String?) {
        guard let name else {
            if hasModels {
                throw .couldNotRun("this project's schema comes from its models (models: in ckschema.yaml), which only "
                    + "the command line reads; name a schema file, a folder or an environment")
            }
            let paths = try configuration.schemaPaths.map { (path: String) throws(ServiceError) in try folder.confine(path) }
            return (try load(paths), nil)
        }
        switch try resolve(name) {
        case .environment(let environment, let path) where !FileManager.default.fileExists(atPath: path):
            return (.empty, EnvironmentSnapshot(environment: environment, path: path, contents: nil).missingNote)
        case .environment(_, let path), .path(let path):
            return (try load([path]), nil)
        }
    }

    /// One schema from `paths`, every file read checked to be inside the project (a link in a folder may
    /// lead out).
    private func load(_ paths: [String]) throws(ServiceError) -> ParsedSchema {
        let parsed: ParsedSchema
        do {
            parsed = try SchemaLoader.loadOne(paths: paths)
        } catch {
            throw .couldNotRun(error.description)
        }
        for source in parsed.sources { _ = try folder.confine(source.path) }
        return parsed
    }
}

/// A name a client gave, resolved.
package enum ResolvedInput: Sendable, Equatable {
    /// An environment and its snapshot's path (which may not exist: never deployed).
    case environment(CloudKitEnvironment, path: String)
    /// A file or folder in the project.
    case path(String)

    /// The environment this input is a snapshot of.
    package var environment: CloudKitEnvironment? {
        if case .environment(let environment, _) = self { return environment }
        return nil
    }
}
