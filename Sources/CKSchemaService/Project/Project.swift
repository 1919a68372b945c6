import CKSchemaApp
package import CKSchemaCore
import CKSchemaDeploy
import CKSchemaModels
import CKSchemaParsing
import CKSchemaRules
import Foundation

/// The project a command or a tool call runs in: its configuration (from `ckschema.yaml` when present) and how
/// names of schemas (environments, files and folders, `git:` and `models:` sources) resolve and load. Both
/// front ends read projects through this one type: `ckschema` prints what it returns, `ckschema-mcp` returns it.
package struct Project: Sendable {
    /// The names the configuration file may have, tried in order in the current folder.
    package static let defaultConfigNames = ["ckschema.yaml", "ckschema.yml"]

    package let configuration: ProjectConfiguration
    /// The configuration file, when one was read.
    package let configFile: SourceFile?
    /// Problems in the configuration that do not stop the run (warnings).
    package let diagnostics: [Diagnostic]

    package init(configuration: ProjectConfiguration, configFile: SourceFile?, diagnostics: [Diagnostic]) {
        self.configuration = configuration
        self.configFile = configFile
        self.diagnostics = diagnostics
    }

    /// Finds and reads the configuration: `configPath`, else the first of `defaultConfigNames` in the current
    /// folder, else none (the defaults). Errors in it are thrown with their diagnostics.
    package static func load(configPath: String? = nil) throws(ServiceError) -> Project {
        let path: String
        if let configPath {
            path = configPath
        } else if let found = defaultConfigNames.first(where: { FileManager.default.fileExists(atPath: $0) }) {
            path = found
        } else {
            return Project(configuration: ProjectConfiguration(), configFile: nil, diagnostics: [])
        }
        let file: SourceFile
        do {
            file = try SchemaLoader.read(path)
        } catch {
            throw .couldNotRun("configuration \(error)")
        }
        let directory = (path as NSString).deletingLastPathComponent
        let loaded = ConfigurationLoader.load(file, directory: directory.isEmpty ? "." : directory)
        let diagnostics = loaded.diagnostics + RuleSelectionCheck.diagnostics(for: loaded.configuration.lint)
            + RuleSelectionCheck.diagnostics(for: loaded.configuration.models.rules, rules: ModelRules.descriptions)
            + RuleSelectionCheck.diagnostics(for: loaded.configuration.doctor, rules: AppRules.descriptions)
        if diagnostics.containsErrors {
            throw .invalid("the configuration '\(path)' is invalid", diagnostics: diagnostics, sources: [file])
        }
        return Project(configuration: loaded.configuration, configFile: file, diagnostics: diagnostics)
    }

    /// `relative` resolved against the configuration's folder (absolute paths stay as they are).
    package func path(_ relative: String) -> String {
        if relative.hasPrefix("/") || configuration.directory == "." { return relative }
        return (configuration.directory as NSString).appendingPathComponent(relative)
    }

    /// The project schema's paths.
    package var schemaPaths: [String] {
        configuration.schemaPaths.map(path)
    }

    /// The snapshot file of `environment`.
    package func snapshotPath(_ environment: CloudKitEnvironment) -> String {
        (path(configuration.environmentsDirectory) as NSString).appendingPathComponent("\(environment.rawValue).ckdb")
    }

    /// Resolves schema arguments: an environment name (`development`, `production`) means its snapshot;
    /// anything else is a path. An empty list means the project schema.
    package func resolve(_ arguments: [String]) -> [String] {
        guard !arguments.isEmpty else { return schemaPaths }
        return arguments.map { argument in
            if let environment = CloudKitEnvironment(rawValue: argument),
               !FileManager.default.fileExists(atPath: argument) {
                return snapshotPath(environment)
            }
            return argument
        }
    }

    /// Every schema named by `arguments` (see `resolve`), as `ckschema lint` reads them: YAML files and folders
    /// merge into one, each `.ckdb` file and environment is its own. An environment without a snapshot is an
    /// empty environment (never deployed): the empty schema, with a note saying so once. `models:PATH` is the
    /// schema the models at PATH make. No arguments: the project schema.
    package func schemas(_ arguments: [String]) throws(ServiceError) -> (schemas: [ParsedSchema], notes: [String]) {
        if arguments.isEmpty, hasModels { return ([try loadProjectSchema()], []) }
        if arguments.contains(where: { ModelSchemaReader.split($0) != nil }) {
            var schemas: [ParsedSchema] = []
            var notes: [String] = []
            for argument in arguments {
                let loaded = ModelSchemaReader.split(argument) != nil
                    ? ([try schema([argument]).parsed], []) : try self.schemas([argument])
                schemas += loaded.0
                notes += loaded.1
            }
            return (schemas, notes)
        }
        let missing = missingSnapshots(arguments)
        let present = arguments.filter { argument in !missing.contains { $0.environment.rawValue == argument } }
        var schemas: [ParsedSchema] = []
        if !present.isEmpty || missing.isEmpty {
            do {
                schemas = try SchemaLoader.load(paths: resolve(present))
            } catch {
                throw .couldNotRun(error.description)
            }
        }
        return (schemas + missing.map { _ in .empty }, missing.compactMap(\.missingNote))
    }

    /// Exactly one schema named by `arguments` (an environment without a snapshot: the empty schema, with its
    /// note; no arguments: the project schema).
    package func schema(_ arguments: [String]) throws(ServiceError) -> (parsed: ParsedSchema, note: String?) {
        if arguments.isEmpty, hasModels { return (try loadProjectSchema(), nil) }
        if arguments.count == 1, let paths = ModelSchemaReader.split(arguments[0]) {
            return (ModelSchemaReader.derive(try ModelSchemaReader.readNowOrAtRevision(paths)), nil)
        }
        if arguments.count == 1, let missing = missingSnapshots(arguments).first {
            return (.empty, missing.missingNote)
        }
        do {
            return (try SchemaLoader.loadOne(paths: resolve(arguments)), nil)
        } catch {
            throw .couldNotRun(error.description)
        }
    }

    /// The environments named in `arguments` (not as a path) whose snapshot file does not exist.
    private func missingSnapshots(_ arguments: [String]) -> [EnvironmentSnapshot] {
        var seen = Set<CloudKitEnvironment>()
        return arguments.compactMap { argument in
            guard let environment = CloudKitEnvironment(rawValue: argument), seen.insert(environment).inserted,
                  !FileManager.default.fileExists(atPath: argument),
                  !FileManager.default.fileExists(atPath: snapshotPath(environment)) else { return nil }
            return EnvironmentSnapshot(environment: environment, path: snapshotPath(environment), contents: nil)
        }
    }
}
