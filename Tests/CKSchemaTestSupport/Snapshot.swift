package import Foundation
package import Testing

/// The one way tests compare output with golden files: a mismatch fails with a unified diff (`LineDiff`).
/// Run with `RECORD_SNAPSHOTS=1` to re-record: the run writes the files and fails on purpose, so that a
/// re-recording is always reviewed (`git diff`) before it is committed.
package enum Snapshot {
    /// Whether this run re-records golden files (`RECORD_SNAPSHOTS=1`).
    package static var isRecording: Bool {
        ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
    }

    /// Expects `actual` to be the contents of the golden file `file`.
    package static func expect(_ actual: String, matches file: URL,
                              sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        if isRecording {
            record([(file.lastPathComponent, actual)], in: file.deletingLastPathComponent(), removingOthers: false,
                   sourceLocation: sourceLocation)
            return
        }
        compare(actual, with: file, sourceLocation: sourceLocation)
    }

    /// Expects `files` (name and contents) to be exactly the files of the golden folder `folder`: none missing,
    /// none extra, each byte for byte. Re-recording also removes the files no longer produced.
    package static func expect(files: [(name: String, contents: String)], inFolder folder: URL,
                              sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        if isRecording {
            record(files, in: folder, removingOthers: true, sourceLocation: sourceLocation)
            return
        }
        for extra in storedNames(in: folder).subtracting(files.map(\.name)).sorted() {
            Issue.record("golden folder \(folder.path) has '\(extra)', which is no longer produced",
                         sourceLocation: sourceLocation)
        }
        for file in files {
            compare(file.contents, with: folder.appendingPathComponent(file.name), sourceLocation: sourceLocation)
        }
    }

    private static func compare(_ actual: String, with file: URL, sourceLocation: Testing.SourceLocation) {
        guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
            Issue.record("no golden file \(file.path); run with RECORD_SNAPSHOTS=1 to record it",
                         sourceLocation: sourceLocation)
            return
        }
        let diff = LineDiff.unified(expected: expected, actual: actual)
        if !diff.isEmpty {
            Issue.record("\(file.path) differs from what the test produced:\n\(diff)", sourceLocation: sourceLocation)
        }
    }

    private static func record(_ files: [(name: String, contents: String)], in folder: URL, removingOthers: Bool,
                               sourceLocation: Testing.SourceLocation) {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            if removingOthers {
                for stale in storedNames(in: folder).subtracting(files.map(\.name)) {
                    try FileManager.default.removeItem(at: folder.appendingPathComponent(stale))
                }
            }
            for file in files {
                try Data(file.contents.utf8).write(to: folder.appendingPathComponent(file.name), options: .atomic)
            }
            let names = files.map(\.name).joined(separator: ", ")
            Issue.record(Comment(rawValue: "recorded \(names) in \(folder.path); review the change, then run again "
                + "without RECORD_SNAPSHOTS"), sourceLocation: sourceLocation)
        } catch {
            Issue.record("cannot record in \(folder.path): \(error)", sourceLocation: sourceLocation)
        }
    }

    /// The names of the visible files in `folder`; none when it does not exist.
    private static func storedNames(in folder: URL) -> Set<String> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return Set(names.filter { !$0.hasPrefix(".") })
    }
}

/// Expects `actual` to match the golden file `__Snapshots__/<name>` beside the test file (see `Snapshot`).
package func assertSnapshot(
    _ actual: String,
    named name: String,
    testFile: String = #filePath,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    let folder = URL(fileURLWithPath: testFile).deletingLastPathComponent().appendingPathComponent("__Snapshots__")
    Snapshot.expect(actual, matches: folder.appendingPathComponent(name), sourceLocation: sourceLocation)
}
