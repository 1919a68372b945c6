import CKSchemaCodegen
import Foundation

/// What writing a generator's files into a folder would change: files to create, files to update, files that
/// already hold the generated text, and files generated earlier that are no longer produced.
struct GeneratedOutput {
    /// How one path differs from what was generated.
    enum Change: String {
        case missing
        case changed
        case obsolete
    }

    /// The output folder.
    let directory: String
    /// Files to write, with why.
    let writes: [(file: GeneratedFile, change: Change)]
    /// Files already current.
    let unchanged: [String]
    /// Generated files no longer produced (their first line is the ckschema header and their extension is one
    /// the generator produces), relative to `directory`.
    let obsolete: [String]

    /// Compares `files` with the contents of `directory`.
    static func plan(_ files: [GeneratedFile], in directory: String) throws(CommandFailure) -> GeneratedOutput {
        var writes: [(GeneratedFile, Change)] = []
        var unchanged: [String] = []
        for file in files {
            let path = (directory as NSString).appendingPathComponent(file.name)
            switch FileManager.default.contents(atPath: path) {
            case nil: writes.append((file, .missing))
            case let data? where data == Data(file.contents.utf8): unchanged.append(file.name)
            default: writes.append((file, .changed))
            }
        }
        let produced = Set(files.map(\.name))
        let extensions = Set(files.map { ($0.name as NSString).pathExtension })
        let obsolete = existingFiles(in: directory).filter { relative in
            !produced.contains(relative) && extensions.contains((relative as NSString).pathExtension)
                && isGenerated((directory as NSString).appendingPathComponent(relative))
        }
        return GeneratedOutput(directory: directory, writes: writes, unchanged: unchanged, obsolete: obsolete)
    }

    /// Whether the folder already holds exactly the generated files.
    var isCurrent: Bool { writes.isEmpty && obsolete.isEmpty }

    /// One line per stale path: `changed: Models/Note.swift`.
    var staleDescription: String {
        let lines = writes.map { "\($0.change.rawValue): \(path($0.file.name))" } + obsolete.map { "obsolete: \(path($0))" }
        return lines.sorted().joined(separator: "\n") + "\n"
    }

    /// `wrote 2 files, 3 unchanged, removed 1 obsolete`.
    var summary: String {
        var parts = ["wrote \(writes.count) file\(writes.count == 1 ? "" : "s")", "\(unchanged.count) unchanged"]
        if !obsolete.isEmpty { parts.append("removed \(obsolete.count) obsolete") }
        return parts.joined(separator: ", ") + " in '\(directory)'"
    }

    /// Writes the changed and missing files atomically and removes the obsolete ones.
    func apply() throws(CommandFailure) {
        for (file, _) in writes {
            try AtomicFile.write(file.contents, to: path(file.name))
        }
        for relative in obsolete {
            do {
                try FileManager.default.removeItem(atPath: path(relative))
            } catch {
                throw .couldNotRun("cannot remove obsolete file '\(path(relative))': \(error.localizedDescription)")
            }
        }
    }

    private func path(_ relative: String) -> String {
        (directory as NSString).appendingPathComponent(relative)
    }

    /// Regular files under `directory`, relative to it, skipping hidden entries.
    private static func existingFiles(in directory: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: directory) else { return [] }
        var files: [String] = []
        while let relative = walker.nextObject() as? String {
            if (relative as NSString).lastPathComponent.hasPrefix(".") {
                walker.skipDescendants()
                continue
            }
            if walker.fileAttributes?[.type] as? FileAttributeType == .typeRegular { files.append(relative) }
        }
        return files.sorted()
    }

    /// Whether the file at `path` starts with the ckschema header (only its first bytes are read).
    private static func isGenerated(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = String(decoding: handle.readData(ofLength: 512), as: UTF8.self)
        return GeneratedHeader.isGenerated(head[...])
    }
}
