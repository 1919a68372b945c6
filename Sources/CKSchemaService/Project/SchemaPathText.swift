import Foundation

/// The schema path generated headers name: as the user wrote it, relative to the working folder when it lies
/// inside it, so committed output does not depend on where a checkout lives.
package enum SchemaPathText {
    /// The text for `--schema` arguments (an environment name stands for its snapshot file), or for the
    /// project schema when there are none.
    package static func describe(schemaArguments: [String], project: Project) -> String {
        project.resolve(schemaArguments).map(relativeToWorkingFolder).joined(separator: ", ")
    }

    /// `path` without the working folder's prefix when it is an absolute path inside it.
    package static func relativeToWorkingFolder(_ path: String) -> String {
        let folder = FileManager.default.currentDirectoryPath
        guard path.hasPrefix("/"), !folder.isEmpty else { return path }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
