package import CKSchemaCore
package import CKSchemaFiles
internal import Foundation

/// Reads schema files from disk and parses them: YAML files (from any number of paths) merge into one
/// schema; each `.ckdb` file is a schema of its own.
///
/// Problems with the input's content are diagnostics in the returned `ParsedSchema`s. Problems that stop
/// the run before any parsing (a missing path, an unreadable file, something that is not a regular file on
/// disk, a file over `InputFile.schemaSizeLimit`, text that is not UTF-8, a folder with no schema files) are
/// thrown as `SchemaLoadError`. Files are read through `InputFile`: a link (in a folder, or named in the
/// configuration) to `/proc/self/environ`, a pipe or a device is refused, never read or quoted.
package enum SchemaLoader {
    /// File extensions read as YAML schema files.
    package static let yamlExtensions: Set<String> = ["yaml", "yml"]
    /// File extensions read as CloudKit Schema Language files.
    package static let ckdbExtensions: Set<String> = ["ckdb"]

    /// The path that stands for standard input.
    package static let standardInput = "-"

    /// Loads every schema found at `paths` (files or folders, or `-` for standard input, whose language its
    /// first words decide). Folders are searched recursively for `.yaml`, `.yml` and `.ckdb` files, skipping
    /// hidden entries, in sorted order.
    package static func load(paths: [String]) throws(SchemaLoadError) -> [ParsedSchema] {
        var yamlFiles: [SourceFile] = []
        var ckdbFiles: [SourceFile] = []
        for path in paths {
            for file in try files(at: path) {
                let source = try read(file.path)
                switch file.language ?? sniffLanguage(source.text) {
                case .yaml: yamlFiles.append(source)
                case .ckdb: ckdbFiles.append(source)
                }
            }
        }
        var schemas: [ParsedSchema] = []
        if !yamlFiles.isEmpty { schemas.append(YAMLSchemaParser.parse(yamlFiles)) }
        schemas += ckdbFiles.map(CKDBParser.parse)
        return schemas
    }

    /// Loads exactly one schema from `paths` (a YAML file or folder, or one `.ckdb` file).
    package static func loadOne(paths: [String]) throws(SchemaLoadError) -> ParsedSchema {
        let schemas = try load(paths: paths)
        guard schemas.count == 1, let schema = schemas.first else {
            throw .ambiguous(paths.joined(separator: ", "), count: schemas.count)
        }
        return schema
    }

    /// Parses `text` as a schema in `language`, as if read from `path`.
    package static func parse(_ text: String, path: String, language: SchemaLanguage) -> ParsedSchema {
        let source = SourceFile(path: path, text: text)
        switch language {
        case .yaml: return YAMLSchemaParser.parse([source])
        case .ckdb: return CKDBParser.parse(source)
        }
    }

    /// The language a file's name says it is in; `nil` when the extension is not a schema extension.
    package static func language(ofPath path: String) -> SchemaLanguage? {
        let ext = (path as NSString).pathExtension.lowercased()
        if yamlExtensions.contains(ext) { return .yaml }
        if ckdbExtensions.contains(ext) { return .ckdb }
        return nil
    }

    // MARK: - Files

    private struct SchemaFile {
        let path: String
        /// `nil` when the extension does not say: the file's first words decide.
        let language: SchemaLanguage?
    }

    private static func files(at path: String) throws(SchemaLoadError) -> [SchemaFile] {
        if path == standardInput { return [SchemaFile(path: path, language: nil)] }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .missing(path)
        }
        guard isDirectory.boolValue else {
            // An explicitly named file is read whatever its extension (exports get saved as .sql, .txt).
            return [SchemaFile(path: path, language: language(ofPath: path))]
        }
        guard let walker = FileManager.default.enumerator(atPath: path) else { throw .unreadable(path) }
        var found: [SchemaFile] = []
        while let relative = walker.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") {
                walker.skipDescendants()
                continue
            }
            let full = (path as NSString).appendingPathComponent(relative)
            if let language = language(ofPath: name), !isFolder(full) {
                found.append(SchemaFile(path: full, language: language))
            }
        }
        guard !found.isEmpty else { throw .noSchemaFiles(path) }
        return found.sorted { $0.path < $1.path }
    }

    private static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Guesses the language of a file with an unfamiliar extension from its first words.
    private static func sniffLanguage(_ text: String) -> SchemaLanguage {
        let head = text.prefix(4096).uppercased()
        return head.contains("DEFINE SCHEMA") || head.contains("RECORD TYPE") ? .ckdb : .yaml
    }

    /// Reads a file as UTF-8 text (a leading byte-order mark is dropped): a regular file on disk of at most
    /// `InputFile.schemaSizeLimit` bytes.
    package static func read(_ path: String) throws(SchemaLoadError) -> SourceFile {
        let data: [UInt8]
        do {
            data = path == standardInput ? try InputFile.readStandardInput() : try InputFile.read(path)
        } catch {
            throw .file(error)
        }
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .notUTF8(path) }
        return SourceFile(path: path, text: text)
    }
}

/// Why schema files could not be read at all. Each case reads as one sentence.
package enum SchemaLoadError: Error, Equatable, Sendable, CustomStringConvertible {
    case missing(String)
    case unreadable(String)
    /// The file could not be read as an input file (not a regular file on disk, too large, refused).
    case file(InputFileError)
    case notUTF8(String)
    case noSchemaFiles(String)
    case ambiguous(String, count: Int)

    package var description: String {
        switch self {
        case .missing(let path): "'\(path)' does not exist"
        case .unreadable(let path): "'\(path)' cannot be read"
        case .file(let error): error.description
        case .notUTF8(let path): "'\(path)' is not UTF-8 text"
        case .noSchemaFiles(let path): "'\(path)' holds no .yaml, .yml or .ckdb files"
        case .ambiguous(let paths, let count):
            count == 0 ? "no schema found in \(paths)"
                : "\(paths) holds \(count) schemas (YAML files merge into one; each .ckdb file is its own); name one"
        }
    }
}
