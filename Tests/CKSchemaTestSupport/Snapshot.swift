import Foundation
public import Testing

/// Compares text against a golden file next to the test (`__Snapshots__/<name>`). Run with
/// `RECORD_SNAPSHOTS=1` to re-record: the run writes the files and fails on purpose, so that a re-recording
/// is always reviewed before it is committed.
public func assertSnapshot(
    _ actual: String,
    named name: String,
    testFile: String = #filePath,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    let folder = URL(fileURLWithPath: testFile).deletingLastPathComponent().appendingPathComponent("__Snapshots__")
    let file = folder.appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? actual.write(to: file, atomically: true, encoding: .utf8)
        Issue.record("recorded snapshot \(name); review it, then run again without RECORD_SNAPSHOTS",
                     sourceLocation: sourceLocation)
        return
    }
    guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
        Issue.record("no snapshot \(file.path); run with RECORD_SNAPSHOTS=1 to record it", sourceLocation: sourceLocation)
        return
    }
    if actual != expected {
        Issue.record("snapshot \(name) differs:\n\(lineDiff(expected: expected, actual: actual))",
                     sourceLocation: sourceLocation)
    }
}

/// A compact line diff: each differing line as `-expected` / `+actual` with its line number.
public func lineDiff(expected: String, actual: String) -> String {
    let old = expected.components(separatedBy: "\n"), new = actual.components(separatedBy: "\n")
    var out: [String] = []
    for index in 0..<max(old.count, new.count) {
        let before = index < old.count ? old[index] : nil, after = index < new.count ? new[index] : nil
        guard before != after else { continue }
        if let before { out.append("\(index + 1)-\(before)") }
        if let after { out.append("\(index + 1)+\(after)") }
        if out.count > 40 { out.append("…"); break }
    }
    return out.joined(separator: "\n")
}
