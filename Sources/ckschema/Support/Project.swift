import CKSchemaApp
import CKSchemaCore
import CKSchemaDeploy
import CKSchemaModels
import CKSchemaParsing
import CKSchemaRules
import Foundation

/// The project a command runs in: its configuration (from `ckschema.yaml` when present) and how names on
/// the command line resolve to schema files.
struct Project {
    /// The names the configuration file may have, tried in order in the current folder.
    static let defaultConfigNames = ["ckschema.yaml", "ckschema.yml"]

    let configuration: ProjectConfiguration
    /// The configuration file, when one was read.
    let configFile: SourceFile?
    /// Problems in the configuration that do not stop the run (warnings).
    let diagnostics: [Diagnostic]

    /// Finds and reads the configuration. Errors in it stop the run (exit 2) after being reported.
    static func load(_ options: ProjectOptions) throws(CommandFailure) -> Project {
        let path: String
        if let explicit = options.config {
            path = explicit
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
            TextOutput.printToStandardError(diagnostics, sources: [file])
            throw .couldNotRun("the configuration '\(path)' is invalid")
        }
        return Project(configuration: loaded.configuration, configFile: file, diagnostics: diagnostics)
    }

    /// `relative` resolved against the configuration's folder (absolute paths stay as they are).
    func path(_ relative: String) -> String {
        if relative.hasPrefix("/") || configuration.directory == "." { return relative }
        return (configuration.directory as NSString).appendingPathComponent(relative)
    }

    /// The project schema's paths.
    var schemaPaths: [String] {
        configuration.schemaPaths.map(path)
    }

    /// The snapshot file of `environment`.
    func snapshotPath(_ environment: CloudKitEnvironment) -> String {
        (path(configuration.environmentsDirectory) as NSString).appendingPathComponent("\(environment.rawValue).ckdb")
    }

    /// Resolves schema arguments: an environment name (`development`, `production`) means its snapshot;
    /// anything else is a path. An empty list means the project schema.
    func resolve(_ arguments: [String]) -> [String] {
        guard !arguments.isEmpty else { return schemaPaths }
        return arguments.map { argument in
            if let environment = CloudKitEnvironment(rawValue: argument),
               !FileManager.default.fileExists(atPath: argument) {
                return snapshotPath(environment)
            }
            return argument
        }
    }

    /// Loads every schema named by `arguments` (see `resolve`). An environment without a snapshot is an empty
    /// environment (never deployed): the empty schema, said once on standard error. `models:PATH` is the
    /// schema the models at PATH make.
    func loadSchemas(_ arguments: [String]) throws(CommandFailure) -> [ParsedSchema] {
        if arguments.isEmpty, hasModels { return [try loadProjectSchema()] }
        if arguments.contains(where: { ModelSchemaReader.split($0) != nil }) {
            var schemas: [ParsedSchema] = []
            for argument in arguments {
                schemas += ModelSchemaReader.split(argument) != nil ? [try loadSchema([argument])] : try loadSchemas([argument])
            }
            return schemas
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
        return schemas + missing.map(Self.announceEmpty)
    }

    /// Loads exactly one schema named by `arguments` (an environment without a snapshot: the empty schema).
    func loadSchema(_ arguments: [String]) throws(CommandFailure) -> ParsedSchema {
        if arguments.isEmpty, hasModels { return try loadProjectSchema() }
        if arguments.count == 1, let paths = ModelSchemaReader.split(arguments[0]) {
            return ModelSchemaReader.derive(try ModelSchemaReader.readNowOrAtRevision(paths))
        }
        if arguments.count == 1, let missing = missingSnapshots(arguments).first {
            return Self.announceEmpty(missing)
        }
        do {
            return try SchemaLoader.loadOne(paths: resolve(arguments))
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

    /// The empty schema of a missing snapshot, after saying so on standard error.
    private static func announceEmpty(_ snapshot: EnvironmentSnapshot) -> ParsedSchema {
        if let note = snapshot.missingNote { Console.error("note: \(note)") }
        return .empty
    }
}
