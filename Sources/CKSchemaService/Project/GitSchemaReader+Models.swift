import CKSchemaCore
import CKSchemaFiles
import CKSchemaProcess
import Foundation

/// The model files of a path as they were at a git revision: Swift files, the `contents` and
/// `.xccurrentversion` files of Core Data models and the `xcmapping.xml` of mapping models, listed with one `git ls-tree` and read with one
/// `git cat-file --batch` — no checkout, the working tree untouched.
extension GitSchemaReader {
    /// One file of a revision: its path relative to the current folder, and its bytes.
    package struct ModelFile {
        package let path: String
        package let bytes: [UInt8]
    }

    /// The most bytes of model files read out of one revision.
    package static let modelBytesLimit = 256 << 20

    /// The model files at `path` in `revision` (a Swift file, a Core Data model, or a folder holding them).
    package func modelFiles(revision: String, path: String) throws(ServiceError) -> [ModelFile] {
        try verify(revision: revision, path: path)
        let relative = Self.normalized(path)
        let type = try run(["cat-file", "-t", spec(revision, relative)])
        let objects: [(path: String, object: String)]
        switch String(decoding: type.standardOutput, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) {
        case "blob" where type.exitStatus == 0:
            let object = try run(["rev-parse", "--verify", "--quiet", spec(revision, relative)])
            objects = [(relative, String(decoding: object.standardOutput, as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines))]
        case "tree" where type.exitStatus == 0:
            objects = try modelBlobs(revision, relative)
        default:
            throw .couldNotRun("'\(path)' does not exist at git revision '\(revision)'")
        }
        return try read(objects, revision: revision)
    }

    /// The model blobs under a folder of `revision`, with their paths relative to the current folder.
    private func modelBlobs(_ revision: String, _ folder: String) throws(ServiceError) -> [(path: String, object: String)] {
        let listing = try run(["ls-tree", "-r", "-z", "--full-tree", spec(revision, folder)], outputLimit: 64 << 20)
        guard listing.exitStatus == 0, !listing.exceededOutputLimit else {
            throw .couldNotRun("cannot list '\(folder)' at git revision '\(revision)': \(listing.errorText)")
        }
        // Each entry is `<mode> <type> <object>\t<path>` and ends with NUL.
        return listing.standardOutput.split(separator: 0).compactMap { entry in
            let text = String(decoding: entry, as: UTF8.self)
            guard let tab = text.firstIndex(of: "\t") else { return nil }
            let fields = text[..<tab].split(separator: " ")
            let path = String(text[text.index(after: tab)...])
            guard fields.count == 3, fields[1] == "blob", Self.isModelFile(path) else { return nil }
            return (folder.isEmpty ? path : "\(folder)/\(path)", String(fields[2]))
        }
    }

    /// Swift files and Core Data model files, outside hidden folders and build products.
    package static func isModelFile(_ path: String) -> Bool {
        let components = path.split(separator: "/")
        guard let name = components.last else { return false }
        if components.dropLast().contains(where: { $0.hasPrefix(".") || $0 == "DerivedData" }) { return false }
        if name.hasSuffix(".swift") { return !name.hasPrefix(".") }
        let parent = components.dropLast().last.map { ($0 as Substring).lowercased() } ?? ""
        return (name == "contents" && parent.hasSuffix(".xcdatamodel"))
            || (name == ".xccurrentversion" && parent.hasSuffix(".xcdatamodeld"))
            || (name == "xcmapping.xml" && parent.hasSuffix(".xcmappingmodel"))
    }

    /// The blobs' bytes, through one `git cat-file --batch`: `<object> blob <size>\n<bytes>\n` each.
    private func read(_ objects: [(path: String, object: String)], revision: String) throws(ServiceError) -> [ModelFile] {
        guard !objects.isEmpty else { return [] }
        let input = Data(objects.map { $0.object + "\n" }.joined().utf8)
        // `--buffer`: one write per buffer, not a flush per object.
        let result = try run(["cat-file", "--batch", "--buffer"], input: input, outputLimit: Self.modelBytesLimit)
        guard !result.exceededOutputLimit else {
            throw .couldNotRun("the models at git revision '\(revision)' are larger than \(Self.modelBytesLimit >> 20) MiB")
        }
        guard result.exitStatus == 0 else {
            throw .couldNotRun("cannot read the models at git revision '\(revision)': \(result.errorText)")
        }
        let output = result.standardOutput
        var files: [ModelFile] = []
        var index = output.startIndex
        for (path, _) in objects {
            guard let newline = output[index...].firstIndex(of: UInt8(ascii: "\n")) else { break }
            let header = String(decoding: output[index..<newline], as: UTF8.self).split(separator: " ")
            guard header.count == 3, header[1] == "blob", let size = Int(header[2]),
                  output.distance(from: newline, to: output.endIndex) > size else {
                throw .couldNotRun("cannot read '\(path)' at git revision '\(revision)': git answered "
                    + "'\(header.joined(separator: " "))'")
            }
            let start = output.index(after: newline)
            let end = output.index(start, offsetBy: size)
            files.append(ModelFile(path: path, bytes: Array(output[start..<end])))
            index = output.index(after: end)
        }
        return files
    }
}
