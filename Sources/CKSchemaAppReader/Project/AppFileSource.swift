internal import CKSchemaFiles
internal import Foundation

/// The files doctor reads, addressed by paths relative to the folder it was given (`/`-separated, no `.` or
/// `..` parts). The disk source and an in-memory one (the rules' examples, tests) share it.
package protocol AppFileSource: Sendable {
    /// Every file under the root worth looking at, sorted.
    var files: [String] { get }
    /// The file's bytes, or one sentence saying why they cannot be had.
    func read(_ path: String) -> Result<[UInt8], AppFileProblem>
    /// How reports show `path` (the root joined in front).
    func display(_ path: String) -> String
}

/// Why a file cannot be read, as one sentence.
package struct AppFileProblem: Error, Sendable {
    package var message: String
    package var isMissing: Bool

    package init(_ message: String, isMissing: Bool = false) {
        self.message = message
        self.isMissing = isMissing
    }
}

/// Files held in memory: the rules' examples and tests.
package struct InMemoryAppFiles: AppFileSource {
    package var contents: [String: String]

    package init(_ files: [(path: String, text: String)]) {
        contents = Dictionary(files.map { ($0.path, $0.text) }, uniquingKeysWith: { _, last in last })
    }

    package var files: [String] { contents.keys.sorted() }

    package func read(_ path: String) -> Result<[UInt8], AppFileProblem> {
        contents[path].map { .success(Array($0.utf8)) } ?? .failure(AppFileProblem("'\(path)' does not exist", isMissing: true))
    }

    package func display(_ path: String) -> String { path }
}

/// The files under a folder on disk. Build products, dependencies and version-control folders are skipped
/// (`.build` and other SwiftPM build folders `.build-*`, `DerivedData`, `Pods`, `Carthage`, `node_modules`, `.git`),
/// and so is the inside of bundles
/// other than projects (`.xcassets`, `.app`), so a large app's tree is walked quickly. Links to folders are not
/// followed (a link to a parent would loop); links to files are read like files.
package struct DiskAppFiles: AppFileSource {
    package let root: String
    package let files: [String]

    /// Folders never walked.
    static let skipped: Set<String> = [".git", ".build", ".swiftpm", "DerivedData", "Pods", "Carthage", "node_modules",
                                       ".bundle", "vendor", "build"]
    static let skippedExtensions: Set<String> = ["xcassets", "app", "framework", "xcframework", "lproj", "xcdatamodeld",
                                                 "bundle", "dSYM", "xcarchive", "playground"]

    package init(root: String) {
        self.root = root
        var found: [String] = []
        var pending = [""]
        let manager = FileManager.default
        while let folder = pending.popLast() {
            let absolute = folder.isEmpty ? root : root + "/" + folder
            guard let names = try? manager.contentsOfDirectory(atPath: absolute) else { continue }
            for name in names {
                let relative = folder.isEmpty ? name : folder + "/" + name
                var isFolder: ObjCBool = false
                guard manager.fileExists(atPath: root + "/" + relative, isDirectory: &isFolder) else { continue }
                if isFolder.boolValue {
                    // A linked folder is not walked: a link to a parent would loop.
                    if (try? manager.destinationOfSymbolicLink(atPath: root + "/" + relative)) != nil { continue }
                    let suffix = name.split(separator: ".").last.map(String.init) ?? ""
                    if Self.skipped.contains(name) || name.hasPrefix(".build-")
                        || (name.contains(".") && Self.skippedExtensions.contains(suffix)) { continue }
                    if pending.count + found.count < 200_000 { pending.append(relative) }
                } else {
                    found.append(relative)
                }
            }
        }
        files = found.sorted()
    }

    package func read(_ path: String) -> Result<[UInt8], AppFileProblem> {
        do {
            return .success(try InputFile.read(root + "/" + path))
        } catch {
            if case .missing = error { return .failure(AppFileProblem("'\(display(path))' does not exist", isMissing: true)) }
            return .failure(AppFileProblem(error.description))
        }
    }

    package func display(_ path: String) -> String {
        root == "." ? path : (root.hasSuffix("/") ? root + path : root + "/" + path)
    }
}

/// Joining and normalising the relative paths projects write.
enum AppPath {
    /// `relative` (which may hold `.` and `..`) against `folder`; `nil` when it leaves the root or is absolute.
    static func join(_ folder: String, _ relative: String) -> String? {
        guard !relative.hasPrefix("/") else { return nil }
        var parts = folder.split(separator: "/").map(String.init)
        for part in relative.split(separator: "/") {
            if part == "." || part.isEmpty { continue }
            if part == ".." {
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            } else {
                parts.append(String(part))
            }
        }
        return parts.joined(separator: "/")
    }

    /// The folder of `path` (`""` at the root).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    static func name(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }
}
