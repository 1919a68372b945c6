import CKSchemaCodegen
import Foundation
import Testing

/// Golden files under `Tests/CKSchemaCodegenTests/ReferenceSources/<name>/`.
///
/// A mismatch fails with a unified diff. `RECORD_SNAPSHOTS=1 swift test --filter ReferenceTests` rewrites the
/// directory (removing files no longer generated) and fails on purpose: review the rewritten files by hand
/// before committing them.
enum ReferenceSnapshot {
    /// The directory holding every reference.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // CKSchemaCodegenTests
        .appendingPathComponent("ReferenceSources")

    /// Whether this run re-records references.
    static var isRecording: Bool {
        ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
    }

    /// Expects `files` to be exactly the files of reference `name`, byte for byte.
    static func assertMatches(_ files: [GeneratedFile], reference name: String,
                              sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let directory = root.appendingPathComponent(name)
        if isRecording {
            try record(files, in: directory)
            Issue.record("recorded reference '\(name)'; review the files and run again without RECORD_SNAPSHOTS",
                         sourceLocation: sourceLocation)
            return
        }
        let existing = try storedFileNames(in: directory)
        let generated = Set(files.map(\.name))
        for missing in existing.subtracting(generated).sorted() {
            Issue.record("reference '\(name)' has '\(missing)', which is no longer generated", sourceLocation: sourceLocation)
        }
        for file in files {
            let url = directory.appendingPathComponent(file.name)
            guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
                Issue.record("reference '\(name)' lacks '\(file.name)'; run with RECORD_SNAPSHOTS=1 to create it",
                             sourceLocation: sourceLocation)
                continue
            }
            let diff = LineDiff.unified(expected: expected, actual: file.contents)
            if !diff.isEmpty {
                Issue.record("'\(name)/\(file.name)' differs from its reference:\n\(diff)", sourceLocation: sourceLocation)
            }
        }
    }

    private static func record(_ files: [GeneratedFile], in directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for stale in try storedFileNames(in: directory).subtracting(files.map(\.name)) {
            try FileManager.default.removeItem(at: directory.appendingPathComponent(stale))
        }
        for file in files {
            try Data(file.contents.utf8).write(to: directory.appendingPathComponent(file.name), options: .atomic)
        }
    }

    private static func storedFileNames(in directory: URL) throws -> Set<String> {
        guard FileManager.default.fileExists(atPath: directory.path) else { return [] }
        return Set(try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { !$0.hasPrefix(".") })
    }
}
