import CKSchemaCore
import CKSchemaDeploy
import CKSchemaModels
import CKSchemaParsing
import CKSchemaReporting
import Foundation

extension Project {
    /// Resolves and loads a side of a diff: `nil` is the project schema; otherwise `models:PATH`,
    /// `git:REVISION:PATH`, an existing file or folder, or an environment name (its snapshot). Anything else is
    /// one clear sentence.
    package func diffSide(_ argument: String?) throws(ServiceError) -> DiffSide {
        guard let argument else {
            let parsed = hasModels ? try loadProjectSchema() : try load(schemaPaths)
            let name = hasModels ? ModelSchemaReader.prefix + configuration.models.paths.joined(separator: ",")
                : schemaPaths.joined(separator: ", ")
            return DiffSide(source: DiffSource(name: name, paths: parsed.sources.map(\.path)), parsed: parsed,
                            environment: nil)
        }
        if let paths = ModelSchemaReader.split(argument) {
            let read = try ModelSchemaReader.readNowOrAtRevision(paths)
            let parsed = ModelSchemaReader.derive(read)
            return DiffSide(source: DiffSource(name: argument, paths: parsed.sources.map(\.path)), parsed: parsed,
                            environment: nil, model: read.model)
        }
        if let (revision, path) = try GitSchemaReader.split(argument) {
            let files = try GitSchemaReader().read(revision: revision, path: path)
            let parsed = try Self.parse(files, named: argument)
            return DiffSide(source: DiffSource(name: argument, paths: files.map(\.path)), parsed: parsed, environment: nil)
        }
        if FileManager.default.fileExists(atPath: argument) || argument == SchemaLoader.standardInput {
            let parsed = try load([argument])
            return DiffSide(source: DiffSource(name: argument, paths: parsed.sources.map(\.path)), parsed: parsed,
                            environment: environment(snapshotAt: argument))
        }
        if let environment = CloudKitEnvironment(rawValue: argument) {
            let snapshot = snapshotPath(environment)
            guard FileManager.default.fileExists(atPath: snapshot) else {
                // Never deployed: the empty schema, said once.
                let missing = EnvironmentSnapshot(environment: environment, path: snapshot, contents: nil)
                return DiffSide(source: DiffSource(name: argument, paths: []), parsed: .empty, environment: environment,
                                note: missing.missingNote)
            }
            let parsed = try load([snapshot])
            return DiffSide(source: DiffSource(name: argument, paths: [snapshot]), parsed: parsed, environment: environment)
        }
        if !argument.contains("/"), !argument.contains(".") {
            throw .invalidArgument("unknown environment '\(argument)'; name development or production, a schema file or "
                + "folder, or git:REVISION:PATH")
        }
        throw .couldNotRun("'\(argument)' does not exist")
    }

    private func load(_ paths: [String]) throws(ServiceError) -> ParsedSchema {
        do {
            return try SchemaLoader.loadOne(paths: paths)
        } catch {
            throw .couldNotRun(error.description)
        }
    }

    /// The environment whose snapshot `path` is, comparing standardized paths.
    private func environment(snapshotAt path: String) -> CloudKitEnvironment? {
        let target = URL(fileURLWithPath: path).standardizedFileURL.path
        return CloudKitEnvironment.allCases.first { URL(fileURLWithPath: snapshotPath($0)).standardizedFileURL.path == target }
    }

    /// One schema from files read out of git: YAML files merge; a `.ckdb` file stands alone.
    private static func parse(_ files: [SourceFile], named name: String) throws(ServiceError) -> ParsedSchema {
        let yaml = files.filter { SchemaLoader.language(ofPath: $0.path) != .ckdb }
        let ckdb = files.filter { SchemaLoader.language(ofPath: $0.path) == .ckdb }
        switch (yaml.isEmpty, ckdb.count) {
        case (false, 0):
            return YAMLSchemaParser.parse(yaml)
        case (true, 1):
            return CKDBParser.parse(ckdb[0])
        default:
            throw .couldNotRun("'\(name)' holds \(ckdb.count + (yaml.isEmpty ? 0 : 1)) schemas (YAML files merge into "
                + "one; each .ckdb file is its own); name one")
        }
    }
}
