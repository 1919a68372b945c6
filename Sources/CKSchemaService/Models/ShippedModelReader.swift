package import CKSchemaCore
package import CKSchemaModels
import CKSchemaParsing
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the models an app shipped, as they were at a git revision: the same paths as now, their files taken
/// out of git (`GitSchemaReader.modelFiles`) into a private temporary folder and read there as the models now
/// are (Core Data in this process, Swift through `ckschema-check-code read-models`), every location named
/// `git:REVISION:PATH` again. A revision or path that does not exist, or a model that cannot be read at it, is
/// a failure naming the revision, carrying the reading errors, located.
package enum ShippedModelReader {
    /// What was read at the revision: the model, its notes and warnings, and its files (for reports).
    package struct Read {
        package var shipped: ShippedModel
        package var diagnostics: [Diagnostic]
        package var sources: [SourceFile]
        /// SwiftData: the versioned schemas at the revision, oldest first.
        package var versions: [DataModelVersion]
        /// The custom migrations at the revision (SwiftData stages, Core Data mapping models), by name.
        package var customMigrations: [NamedLocation]
    }

    package static func read(revision: String, paths: [String]) throws(ServiceError) -> Read {
        let git = try GitSchemaReader()
        let folder = (NSTemporaryDirectory() as NSString).appendingPathComponent("ckschema-shipped-\(UUID().uuidString)")
        do {
            // Private: the app's sources are copied in.
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw .couldNotRun("cannot create a temporary folder for the shipped models: \(error.localizedDescription)")
        }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Each path's files go under a folder of their own, so that `..` in a path never leaves the temporary one.
        var places: [(temporary: String, display: String)] = []
        var sources: [SourceFile] = []
        for (index, path) in paths.enumerated() {
            let relative = GitSchemaReader.normalized(path)
            let files = try git.modelFiles(revision: revision, path: path)
            let name = relative.isEmpty ? "root" : (relative as NSString).lastPathComponent
            let temporary = ((folder as NSString).appendingPathComponent(String(index)) as NSString).appendingPathComponent(name)
            let display = "\(GitSchemaReader.prefix)\(revision):\(relative)"
            places.append((temporary, display))
            for file in files {
                let suffix = file.path == relative ? "" : String(file.path.dropFirst(relative.isEmpty ? 0 : relative.count + 1))
                let target = suffix.isEmpty ? temporary : (temporary as NSString).appendingPathComponent(suffix)
                try write(file.bytes, to: target)
                if let text = String(validating: file.bytes, as: UTF8.self) {
                    sources.append(SourceFile(path: suffix.isEmpty ? display : "\(display)/\(suffix)", text: text))
                }
            }
        }
        let rename = { (file: String) -> String? in
            places.first { file == $0.temporary || file.hasPrefix($0.temporary + "/") }
                .map { $0.display + file.dropFirst($0.temporary.count) }
        }
        let read: ModelSchemaReader.Read
        do {
            read = try ModelSchemaReader.read(places.map(\.temporary))
        } catch {
            var message = error.message
            for place in places { message = message.replacing(place.temporary, with: place.display) }
            throw .couldNotRun("at git revision '\(revision)': \(message)")
        }
        let diagnostics = read.diagnostics.map { $0.relocated(rename) }
        if diagnostics.containsErrors {
            throw .invalid("the models at git revision '\(revision)' cannot be read",
                           diagnostics: diagnostics.filter { $0.severity == .error }, sources: sources)
        }
        return Read(shipped: ShippedModel(model: read.model.relocated(rename), name: revision), diagnostics: diagnostics,
                    sources: sources,
                    versions: read.versions.map { DataModelVersion(model: $0.model.relocated(rename), name: $0.name) },
                    customMigrations: read.customStages + ModelEvolutionInputs.mappingModels(in: places.map(\.temporary)))
    }

    /// Writes a new file (owner-only) without syncing it to disk: it lives only as long as the read, and
    /// Foundation's writes sync each file, which for a few hundred files costs seconds on a busy disk.
    private static func write(_ bytes: [UInt8], to path: String) throws(ServiceError) {
        do {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
        } catch {
            throw .couldNotRun("cannot write a temporary copy of the shipped models: \(error.localizedDescription)")
        }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw .couldNotRun("cannot write a temporary copy of the shipped models: '\(path)': \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { writeBytes(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else {
                throw .couldNotRun("cannot write a temporary copy of the shipped models: '\(path)': \(String(cString: strerror(errno)))")
            }
            written += count
        }
    }
}

/// POSIX `write(2)`, named apart from `ShippedModelReader.write(_:to:)`.
private func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
