package import CKSchemaCore
package import CKSchemaDeploy
import CKSchemaParsing
import Foundation

/// The project a service serves: its folder and the `Project` read in it (the process's current folder), as
/// the command line reads it there. Every name a client gives — environments, files and folders, `git:` and
/// `models:` sources — is checked to stay inside the folder before the shared `Project` loads it, and every
/// file read is checked again (a link in a folder may lead out).
package struct ServiceProject: Sendable {
    package let folder: ProjectFolder
    package let project: Project
    /// Whether a client may have files written (`ckschema-mcp --allow-writes`); read-only otherwise.
    package let allowsWrites: Bool

    package var configuration: ProjectConfiguration { project.configuration }
    package var configFile: SourceFile? { project.configFile }
    /// Problems in the configuration that do not stop the service (warnings), reported with lint's findings.
    package var diagnostics: [Diagnostic] { project.diagnostics }

    package init(folder: ProjectFolder, project: Project, allowsWrites: Bool = false) {
        self.folder = folder
        self.project = project
        self.allowsWrites = allowsWrites
    }

    /// Reads the configuration of the project in `folder` (the current folder) as `ckschema` does; errors in it
    /// are thrown with their diagnostics.
    package static func load(_ folder: ProjectFolder, allowsWrites: Bool = false) throws(ServiceError) -> ServiceProject {
        if let name = Project.defaultConfigNames.first(where: { FileManager.default.fileExists(atPath: $0) }) {
            _ = try folder.confine(name)
        }
        return ServiceProject(folder: folder, project: try Project.load(), allowsWrites: allowsWrites)
    }

    /// `path`, a file or folder a call would write, confined to the project (`..`, absolute paths elsewhere and
    /// links out refused, as for what is read); refused outright when writes are not allowed. What is written
    /// under a folder is confined again as it is written (`OutputFolder` follows no link).
    package func writable(_ path: String) throws(ServiceError) -> String {
        guard allowsWrites else { throw .readOnly(path) }
        if path == SchemaLoader.standardInput { throw .invalidArgument("'-' is not a file name; name a file in the project") }
        return try folder.confine(path)
    }

    /// Whether the project derives its schema from SwiftData or Core Data models (`models:` in the configuration).
    package var hasModels: Bool { project.hasModels }

    /// The snapshot file of `environment`.
    package func snapshotPath(_ environment: CloudKitEnvironment) -> String {
        project.snapshotPath(environment)
    }

    /// The configured container, when both its ID and its team are set.
    package var container: CloudKitContainer? { project.container }

    /// What the snapshots say the environments hold; nothing outside a project, as on the command line.
    package func environments() throws(ServiceError) -> KnownEnvironments {
        try project.environments()
    }

    /// Every schema `names` stand for, as `ckschema lint` reads them (`Project.schemas`); an empty list is the
    /// project schema.
    package func loadSchemas(_ names: [String]) throws(ServiceError) -> (schemas: [ParsedSchema], notes: [String]) {
        let loaded = try project.schemas(try arguments(names))
        try confineSources(loaded.schemas)
        return loaded
    }

    /// The one schema named by `name`: `nil` is the project schema; an environment without a snapshot is the
    /// empty schema, with the sentence that says so.
    package func loadSchema(_ name: String?) throws(ServiceError) -> (parsed: ParsedSchema, note: String?) {
        let loaded = try project.schema(try arguments(name.map { [$0] } ?? []))
        try confineSources([loaded.parsed])
        return loaded
    }

    /// A side of a diff (`Project.diffSide`): `nil` is the project schema.
    package func diffSide(_ name: String?) throws(ServiceError) -> DiffSide {
        if name == nil { _ = try arguments([]) }
        let side = try project.diffSide(try name.map { (name: String) throws(ServiceError) in try confined(name) })
        try confineSources([side.parsed])
        return side
    }

    /// `names` confined (see `confined`); none checks the project schema's own paths.
    private func arguments(_ names: [String]) throws(ServiceError) -> [String] {
        guard !names.isEmpty else {
            for path in project.schemaPaths { _ = try folder.confine(path) }
            for path in project.modelPaths { _ = try folder.confineTree(path) }
            return []
        }
        return try names.map { (name: String) throws(ServiceError) in try confined(name) }
    }

    /// `name` checked to stay inside the project, spelled as `Project` takes it: an environment as it is (its
    /// snapshot checked), `models:` with each path confined, `git:REVISION:PATH` with PATH inside, any other
    /// path relative to the folder.
    package func confined(_ name: String) throws(ServiceError) -> String {
        if let environment = CloudKitEnvironment(rawValue: name), !FileManager.default.fileExists(atPath: name) {
            _ = try folder.confine(project.snapshotPath(environment))
            return name
        }
        if let paths = ModelSchemaReader.split(name) {
            let confined = try paths.map { (path: String) throws(ServiceError) in try confinedSource(path, tree: true) }
            return ModelSchemaReader.prefix + confined.joined(separator: ",")
        }
        return try confinedSource(name)
    }

    /// A path, or `git:REVISION:PATH` (PATH as it lies in the working tree: inside the project); `tree`: a
    /// folder's links too (models are read by a program that follows them).
    private func confinedSource(_ name: String, tree: Bool = false) throws(ServiceError) -> String {
        if name == SchemaLoader.standardInput {
            throw .invalidArgument("'\(name)' names standard input, which carries this server's protocol; name a file "
                + "in the project")
        }
        if let (_, path) = try GitSchemaReader.split(name) {
            _ = try folder.confine(path.isEmpty ? "." : path)
            return name
        }
        return tree ? try folder.confineTree(name) : try folder.confine(name)
    }

    /// Checks that every file `schemas` were read from lies inside the project (read out of git: by name).
    private func confineSources(_ schemas: [ParsedSchema]) throws(ServiceError) {
        for source in schemas.flatMap(\.sources) where !source.path.hasPrefix(GitSchemaReader.prefix) {
            _ = try folder.confine(source.path)
        }
    }
}
