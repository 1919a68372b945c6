package import CKSchemaCore
import CKSchemaFiles
import CKSchemaParsing
import CKSchemaPrinting
import Foundation

/// What `ckschema convert` writes for an output path, as the command and the MCP `convert` tool both write it:
/// one file in a language, or — for a folder (`-o DIR/`, an existing folder, or `--split`) — YAML as one file
/// per record type and the roles file, all or nothing.
package enum ConversionOutput: Sendable {
    /// One file: its text, language, and the note to give when .ckdb drops YAML metadata.
    case file(text: String, language: SchemaLanguage, note: String?)
    /// A folder of YAML files.
    case folder([(name: String, text: String)])

    /// What converting `parsed` (named `input`) into `output` (`nil`: standard output, one text) writes;
    /// `language` is asked for, else taken from the output's extension, else the other language (.ckdb for
    /// models).
    package static func plan(_ parsed: ParsedSchema, input: String, output: String?, language: SchemaLanguage?,
                             split: Bool) throws(ServiceError) -> ConversionOutput {
        if let folder = output, split || SchemaFolderWriter.isFolder(folder) {
            if language == .ckdb {
                throw .invalidArgument("a .ckdb schema is one file, and '\(folder)' is a folder: name a file (-o "
                    + "\((folder as NSString).appendingPathComponent("schema.ckdb"))) or convert to YAML")
            }
            return .folder(YAMLSplitPrinter.files(parsed.schema).map { ($0.name, $0.text) })
        }
        if split { throw .invalidArgument("--split writes a folder: name it with -o DIR/") }
        let fromModels = ModelSchemaReader.split(input) != nil
        let target = language ?? output.flatMap(SchemaLoader.language(ofPath:))
            ?? SchemaConversion.defaultTarget(of: parsed, fromModels: fromModels)
        let (text, note) = SchemaConversion.text(parsed.schema, in: target)
        return .file(text: text, language: target, note: note)
    }

    /// Writes to `path`: the file atomically, the folder all or nothing (refused when it holds other schema
    /// files). Returns the one line that says what was written.
    package func write(to path: String) throws(ServiceError) -> String {
        switch self {
        case .file(let text, _, _):
            do {
                try AtomicFile.write(text, to: path)
            } catch {
                throw .couldNotRun(error.message)
            }
            return "wrote '\(path)'"
        case .folder(let files):
            try SchemaFolderWriter.write(files, into: path)
            return "wrote \(files.count) file\(files.count == 1 ? "" : "s") in '\(path)'"
        }
    }
}
