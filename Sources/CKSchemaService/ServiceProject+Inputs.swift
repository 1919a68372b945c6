package import CKSchemaCore
package import CKSchemaDeploy
import CKSchemaParsing
package import CKSchemaReporting
import Foundation

extension ServiceProject {
    /// Every schema `names` stand for, as `ckschema lint` reads them: YAML files and folders merge into one,
    /// each `.ckdb` file and environment is its own; an empty list is the project schema. An environment
    /// without a snapshot is the empty schema, with its note.
    package func loadSchemas(_ names: [String]) throws(ServiceError) -> (schemas: [ParsedSchema], notes: [String]) {
        guard !names.isEmpty else { return ([try loadSchema(nil).parsed], []) }
        var paths: [String] = []
        var empty: [ParsedSchema] = []
        var notes: [String] = []
        for name in names {
            let resolved = try resolve(name)
            if case .environment(let environment, let path) = resolved, !FileManager.default.fileExists(atPath: path) {
                empty.append(.empty)
                notes += [EnvironmentSnapshot(environment: environment, path: path, contents: nil).missingNote].compactMap { $0 }
            } else if case .environment(_, let path) = resolved {
                paths.append(path)
            } else if case .path(let path) = resolved {
                paths.append(path)
            }
        }
        let schemas: [ParsedSchema]
        do {
            schemas = paths.isEmpty ? [] : try SchemaLoader.load(paths: paths)
        } catch {
            throw .couldNotRun(error.description)
        }
        for source in schemas.flatMap(\.sources) { _ = try folder.confine(source.path) }
        return (schemas + empty, notes)
    }

    /// A side of a diff: `nil` is the project schema; otherwise an environment (its snapshot) or a schema file
    /// or folder in the project.
    package func diffSide(_ name: String?) throws(ServiceError) -> DiffSide {
        let (parsed, note) = try loadSchema(name)
        guard let name else {
            return DiffSide(source: DiffSource(name: configuration.schemaPaths.joined(separator: ", "),
                                               paths: parsed.sources.map(\.path)),
                            parsed: parsed, environment: nil)
        }
        let resolved = try resolve(name)
        if case .environment(let environment, let path) = resolved {
            let paths = FileManager.default.fileExists(atPath: path) ? [path] : []
            return DiffSide(source: DiffSource(name: name, paths: paths), parsed: parsed, environment: environment, note: note)
        }
        return DiffSide(source: DiffSource(name: name, paths: parsed.sources.map(\.path)), parsed: parsed,
                        environment: snapshotEnvironment(at: parsed.sources.map(\.path)))
    }

    /// The environment whose snapshot is the one file `paths` holds.
    private func snapshotEnvironment(at paths: [String]) -> CloudKitEnvironment? {
        guard paths.count == 1 else { return nil }
        let target = URL(fileURLWithPath: paths[0]).standardizedFileURL.path
        return CloudKitEnvironment.allCases.first { URL(fileURLWithPath: snapshotPath($0)).standardizedFileURL.path == target }
    }

    /// What the snapshots say the environments hold; nothing outside a project (no configuration file and no
    /// environments folder), as on the command line.
    package func environments() throws(ServiceError) -> KnownEnvironments {
        guard configFile != nil || FileManager.default.fileExists(atPath: configuration.environmentsDirectory) else {
            return .unknown
        }
        do {
            return try KnownEnvironments.read { snapshotPath($0) }
        } catch {
            throw .couldNotRun(error.message)
        }
    }

    /// The configured container, when both its ID and its team are set.
    package var container: CloudKitContainer? {
        guard let containerID = configuration.containerID, let teamID = configuration.teamID else { return nil }
        return CloudKitContainer(containerID: containerID, teamID: teamID)
    }
}
