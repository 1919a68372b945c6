import CKSchemaCore
import CKSchemaModels
import CKSchemaParsing
import CKSchemaProcess
import Foundation

/// Reads an app's models — `models:PATH` on the command line, `models:` in `ckschema.yaml` — and the CloudKit
/// schema they make. Core Data models (`.xcdatamodeld`, `.xcdatamodel`) are read in this process; Swift
/// files and folders holding them are read by `ckschema-check-code read-models PATH…` (it needs
/// swift-syntax, which `ckschema` never builds), which prints one `DataModelReadResult` as JSON.
///
/// The contract with `ckschema-check-code read-models PATH…`: PATH are Swift files or folders (searched for
/// `.swift` files); standard output is one `DataModelReadResult` (JSON, `formatVersion` 1), exit status 0 when
/// it read (problems are diagnostics inside), 2 with one sentence on standard error when it could not run.
/// The program is found beside `ckschema`, then on `PATH`; `CKSCHEMA_CHECK_CODE` names another.
struct ModelSchemaReader {
    static let prefix = "models:"
    /// How long reading Swift models may take, and the most output kept.
    static let timeout: TimeInterval = 300
    static let outputLimit = 256 << 20

    /// What was read: the model, the problems found reading it, and the files.
    struct Read {
        var model = DataModel()
        var diagnostics: [Diagnostic] = []
        var files: [String] = []
        /// The Core Data model files, for reports that show the offending line.
        var sources: [SourceFile] = []
        /// SwiftData: the models of each `VersionedSchema`, oldest first (when there are two or more).
        var versions: [DataModelVersion] = []
        /// SwiftData's custom migration stages.
        var customStages: [NamedLocation] = []
    }

    /// The paths of `models:PATH` (several separated by commas); `nil` when `argument` does not start with it.
    static func split(_ argument: String) -> [String]? {
        guard argument.hasPrefix(prefix) else { return nil }
        return argument.dropFirst(prefix.count).split(separator: ",").map(String.init)
    }

    /// Reads the models at `paths`; no model at all is a failure (exit 2) saying so.
    static func read(_ paths: [String]) throws(CommandFailure) -> Read {
        guard !paths.isEmpty else { throw .couldNotRun("'models:' needs a path (models:App/Models)") }
        var read = Read()
        var swiftPaths: [String] = []
        var foldersWithCoreData: Set<String> = []
        for path in paths {
            if CoreDataModelReader.isModelPath(path) {
                guard FileManager.default.fileExists(atPath: path) else { throw .couldNotRun("'\(path)' does not exist") }
                add(CoreDataModelReader.read(path), to: &read)
                continue
            }
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw .couldNotRun("'\(path)' does not exist")
            }
            if !isFolder.boolValue {
                guard path.hasSuffix(".swift") else {
                    throw .couldNotRun("'\(path)' is not a model: name Swift files, an .xcdatamodeld or .xcdatamodel, or a folder")
                }
                swiftPaths.append(path)
                continue
            }
            let found = scan(folder: path)
            for model in found.coreData { add(CoreDataModelReader.read(model), to: &read) }
            if !found.coreData.isEmpty { foldersWithCoreData.insert(path) }
            if found.hasSwift { swiftPaths.append(path) }
        }
        if !swiftPaths.isEmpty {
            if locateCheckCode() == nil, swiftPaths.allSatisfy(foldersWithCoreData.contains) {
                // A Core Data app's folder: its model is read; its Swift is only searched when the reader exists.
                read.diagnostics.append(Diagnostic(
                    id: ModelReadDiagnostics.swiftNotSearched, severity: .note,
                    message: "the Swift files in " + swiftPaths.map { "'\($0)'" }.joined(separator: ", ") + " were not "
                        + "searched for SwiftData models: ckschema-check-code is not installed (swift build --product "
                        + "ckschema-check-code)"))
            } else {
                add(try readSwift(swiftPaths), to: &read)
            }
        }
        guard !read.model.entities.isEmpty || read.diagnostics.containsErrors else {
            throw .couldNotRun("no SwiftData @Model classes or Core Data entities found in "
                + paths.map { "'\($0)'" }.joined(separator: ", "))
        }
        return read
    }

    /// The schema the models make, located in their sources, with the reading problems first.
    static func derive(_ read: Read) -> ParsedSchema {
        var parsed = SchemaDeriver.derive(read.model)
        parsed.diagnostics = read.diagnostics + parsed.diagnostics
        parsed.sources = read.sources
        return parsed
    }

    private static func add(_ result: DataModelReadResult, to read: inout Read) {
        read.model = read.model.merged(with: result.model)
        read.diagnostics += result.diagnostics.map(Self.diagnostic)
        read.files += result.files
        read.versions += result.versions ?? []
        read.customStages += result.customStages ?? []
        for file in result.files where file.hasSuffix("contents") {
            if let source = try? SchemaLoader.read(file) { read.sources.append(source) }
        }
    }

    private static func diagnostic(_ record: DiagnosticRecord) -> Diagnostic {
        Diagnostic(id: DiagnosticID(record.id), severity: record.severity, message: record.message, location: record.location,
                   notes: record.notes.map { Note($0.message, at: $0.location) })
    }

    /// The Core Data models in a folder (a bundle's versions are not listed on their own) and whether it
    /// holds Swift files; hidden folders and build products are skipped.
    static func scan(folder: String) -> (coreData: [String], hasSwift: Bool) {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return ([], false) }
        var models: [String] = []
        var hasSwift = false
        while let relative = walker.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            let full = (folder as NSString).appendingPathComponent(relative)
            if name.hasPrefix(".") || name == "DerivedData" || name == ".build" {
                walker.skipDescendants()
            } else if CoreDataModelReader.isModelPath(name) {
                models.append(full)
                walker.skipDescendants()
            } else if name.hasSuffix(".swift") {
                hasSwift = true
            }
        }
        return (models.sorted(), hasSwift)
    }

    /// `ckschema-check-code`: `CKSCHEMA_CHECK_CODE`, else beside ckschema, else on PATH.
    static func locateCheckCode() -> String? {
        let override = ProcessInfo.processInfo.environment["CKSCHEMA_CHECK_CODE"].flatMap { $0.isEmpty ? nil : $0 }
        return override ?? ExternalSubcommand.locate("check-code")
    }

    /// Runs `ckschema-check-code read-models PATH…` and decodes its answer.
    private static func readSwift(_ paths: [String]) throws(CommandFailure) -> DataModelReadResult {
        guard let program = locateCheckCode() else {
            throw .couldNotRun("reading SwiftData models needs ckschema-check-code (beside ckschema or on PATH); build it "
                + "with: swift build --product ckschema-check-code")
        }
        let options = ChildProcess.Options(timeout: timeout, outputLimit: .stop(afterTotalBytes: outputLimit))
        let result: ChildProcess.Result
        do {
            result = try ChildProcess.run(program, arguments: ["read-models"] + paths, options: options)
        } catch {
            throw .couldNotRun("cannot run \(program): \(error.reason)")
        }
        if let failure = result.failure {
            let said = String(decoding: result.standardError, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw .couldNotRun(said.isEmpty || result.exitStatus != ExitStatus.couldNotRun
                ? "ckschema-check-code read-models \(failure)" + (said.isEmpty ? "" : ": \(said)") : said)
        }
        let decoded: DataModelReadResult
        do {
            decoded = try JSONDecoder().decode(DataModelReadResult.self, from: result.standardOutput)
        } catch {
            throw .couldNotRun("ckschema-check-code read-models answered something that is not a model (\(error)); are "
                + "ckschema and ckschema-check-code from the same build?")
        }
        guard decoded.formatVersion == DataModelReadResult.formatVersion else {
            throw .couldNotRun("ckschema-check-code read-models answered format \(decoded.formatVersion), and this ckschema "
                + "reads format \(DataModelReadResult.formatVersion); use both from the same build")
        }
        return decoded
    }
}
