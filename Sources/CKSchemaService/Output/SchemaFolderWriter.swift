import CKSchemaFiles
import CKSchemaParsing
import CKSchemaPrinting
import Foundation

/// Writes a set of schema files into a folder, all or nothing (`OutputFolder`), refusing when the folder
/// already holds other schema files: YAML files in one folder merge, so a stale one would join the new schema.
package enum SchemaFolderWriter {
    /// Whether `path` names a folder: it ends with `/` or is an existing folder (a link to one counts).
    package static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return path.hasSuffix("/") || (FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            && isDirectory.boolValue)
    }

    /// Writes `files` (name → text) into `folder`, creating it as needed; `checkingOthers: false` writes
    /// beside whatever the folder holds (the files are in folders of their own).
    package static func write(_ files: [(name: String, text: String)], into folder: String,
                      checkingOthers: Bool = true) throws(ServiceError) {
        let others = checkingOthers ? existingSchemaFiles(in: folder).subtracting(files.map(\.name)) : []
        guard others.isEmpty else {
            let listed = others.sorted().prefix(3).map { "'\($0)'" }.joined(separator: ", ")
            throw .couldNotRun("'\(folder)' already holds other schema files (\(listed)\(others.count > 3 ? ", …" : "")), "
                + "which would merge with the new ones; choose an empty folder; nothing was written")
        }
        do {
            try OutputFolder(path: folder).apply(files.map { OutputFolder.File(name: $0.name, contents: Array($0.text.utf8)) })
        } catch {
            throw .couldNotRun("\(error); nothing was written")
        }
    }

    /// The YAML and `.ckdb` files directly in `folder` (none when it does not exist).
    private static func existingSchemaFiles(in folder: String) -> Set<String> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return Set(names.filter { !$0.hasPrefix(".") && SchemaLoader.language(ofPath: $0) != nil })
    }
}
