import CKSchemaCore
import Foundation

/// Finds the Swift files to check under the paths a user gives: files as given, folders walked in
/// name order. Hidden entries (`.build`, `.git`) are skipped; a symbolic link to a folder already walked
/// (a link loop) is skipped with a note.
enum SwiftSourceFinder {
    /// A path that does not exist, or a file that is not Swift.
    struct InputError: Error, Sendable, CustomStringConvertible {
        let description: String
    }

    static func find(_ paths: [String]) throws(InputError) -> (files: [String], notes: [Diagnostic]) {
        var files: [String] = []
        var notes: [Diagnostic] = []
        var walked: Set<String> = []
        let manager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw InputError(description: "'\(path)' does not exist")
            }
            guard isDirectory.boolValue else {
                guard path.hasSuffix(".swift") else { throw InputError(description: "'\(path)' is not a Swift file") }
                files.append(path)
                continue
            }
            var pending = [path]  // folders still to list: a stack, never recursion
            while let folder = pending.popLast() {
                let real = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
                guard walked.insert(real).inserted else {
                    notes.append(Diagnostic(id: .codeFileSkipped, severity: .note,
                                            message: "folder '\(folder)' was skipped: it links to a folder already scanned",
                                            location: SourceLocation(file: folder, line: 1, column: 1)))
                    continue
                }
                let names = ((try? manager.contentsOfDirectory(atPath: folder)) ?? []).sorted()
                var subfolders: [String] = []
                for name in names where !name.hasPrefix(".") {
                    let child = folder == "." ? name : (folder as NSString).appendingPathComponent(name)
                    var childIsDirectory: ObjCBool = false
                    guard manager.fileExists(atPath: child, isDirectory: &childIsDirectory) else { continue }
                    if childIsDirectory.boolValue {
                        subfolders.append(child)
                    } else if name.hasSuffix(".swift") {
                        files.append(child)
                    }
                }
                pending += subfolders.reversed()
            }
        }
        return (files, notes)
    }
}
