package import CKSchemaCodegen
package import CKSchemaFiles
import Foundation

/// What writing a generator's files into a folder would change: files to create, files to update, files that
/// already hold the generated text, and files generated earlier that are no longer produced.
///
/// Every path is resolved inside the output folder without following links (`OutputFolder`): a name that
/// leaves the folder, passes through a symbolic link, clashes with another name of the set (`a` and `a/b`) or
/// with what is on disk (a folder where a file goes) stops the run before anything is written, and `apply`
/// writes all files or none.
package struct GeneratedOutput {
    /// How one path differs from what was generated.
    package enum Change: String {
        case missing
        case changed
        case obsolete
    }

    /// The output folder.
    package let folder: OutputFolder
    /// Files to write, with why.
    package let writes: [(file: GeneratedFile, change: Change)]
    /// Files already current.
    package let unchanged: [String]
    /// Generated files no longer produced (their first line is the ckschema header and their extension is one
    /// the generator produces), relative to the folder.
    package let obsolete: [String]

    /// Compares `files` with the contents of `directory`.
    package static func plan(_ files: [GeneratedFile], in directory: String) throws(ServiceError) -> GeneratedOutput {
        let folder = OutputFolder(path: directory)
        do {
            try OutputFolder.checkSet(files.map(\.name))
            var writes: [(GeneratedFile, Change)] = []
            var unchanged: [String] = []
            for file in files {
                let contents = Array(file.contents.utf8)
                switch try folder.read(file.name, limit: contents.count) {
                case nil: writes.append((file, .missing))
                case let existing? where existing == contents: unchanged.append(file.name)
                default: writes.append((file, .changed))
                }
            }
            let produced = Set(files.map(\.name))
            let extensions = Set(files.map { ($0.name as NSString).pathExtension })
            var obsolete: [String] = []
            for relative in existingFiles(in: directory) where !produced.contains(relative)
                && extensions.contains((relative as NSString).pathExtension) {
                if try isGenerated(relative, in: folder) { obsolete.append(relative) }
            }
            return GeneratedOutput(folder: folder, writes: writes, unchanged: unchanged, obsolete: obsolete)
        } catch {
            throw .couldNotRun("\(error); nothing was written")
        }
    }

    /// Whether the folder already holds exactly the generated files.
    package var isCurrent: Bool { writes.isEmpty && obsolete.isEmpty }

    /// One line per stale path: `changed: Models/Note.swift`.
    package var staleDescription: String {
        let lines = writes.map { "\($0.change.rawValue): \(folder.display($0.file.name))" }
            + obsolete.map { "obsolete: \(folder.display($0))" }
        return lines.sorted().joined(separator: "\n") + "\n"
    }

    /// `wrote 2 files, 3 unchanged, removed 1 obsolete`.
    package var summary: String {
        var parts = ["wrote \(writes.count) file\(writes.count == 1 ? "" : "s")", "\(unchanged.count) unchanged"]
        if !obsolete.isEmpty { parts.append("removed \(obsolete.count) obsolete") }
        return parts.joined(separator: ", ") + " in '\(folder.path)'"
    }

    /// Writes the changed and missing files and removes the obsolete ones, all or nothing.
    package func apply() throws(ServiceError) {
        let files = writes.map { OutputFolder.File(name: $0.file.name, contents: Array($0.file.contents.utf8)) }
        do {
            try folder.apply(files, removing: obsolete)
        } catch {
            throw .couldNotRun("\(error); nothing was written")
        }
    }

    /// Regular files under `directory`, relative to it, skipping hidden entries and never entering a link.
    private static func existingFiles(in directory: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: directory) else { return [] }
        var files: [String] = []
        while let relative = walker.nextObject() as? String {
            if (relative as NSString).lastPathComponent.hasPrefix(".") {
                walker.skipDescendants()
                continue
            }
            switch walker.fileAttributes?[.type] as? FileAttributeType {
            case .typeRegular?: files.append(relative)
            case .typeSymbolicLink?: walker.skipDescendants()
            default: break
            }
        }
        return files.sorted()
    }

    /// Whether the file `relative` starts with the ckschema header (only its first bytes are read).
    private static func isGenerated(_ relative: String, in folder: OutputFolder) throws(OutputFolderError) -> Bool {
        guard let head = try folder.read(relative, limit: 512) else { return false }
        return GeneratedHeader.isGenerated(String(decoding: head, as: UTF8.self)[...])
    }
}
