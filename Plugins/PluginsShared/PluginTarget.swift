import Foundation

/// A target as the shared plugin logic sees it, whichever world it comes from: a SwiftPM source module
/// (`PackageTargets.swift`) or an Xcode target (`XcodeTargets.swift`). Plain values only, so that both entry
/// points compute the same commands from the same files and tests can build one by hand.
struct PluginTarget: Equatable {
    /// The target's name (`Target.name`, `XcodeTarget.displayName`), as `--target` names it.
    let name: String
    /// Every file of the target: a SwiftPM target's source files and resources, an Xcode target's input files.
    let files: [URL]
    /// A SwiftPM target's folder; Xcode targets have none (their files may live anywhere in the project).
    let directory: URL?
    /// Whether the target ships code (not a test bundle or a macro), so checks over all targets include it.
    let shipsCode: Bool

    init(name: String, files: [URL], directory: URL? = nil, shipsCode: Bool = true) {
        self.name = name
        self.files = files
        self.directory = directory
        self.shipsCode = shipsCode
    }

    /// The target's Swift files, sorted by path.
    var swiftFiles: [URL] {
        files.filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
    }

    /// The target's Core Data models: each `.xcdatamodeld` bundle once (a file inside one stands for the
    /// bundle, as Xcode may list the versions), and any `.xcdatamodel` outside a bundle, sorted by path.
    var dataModels: [URL] {
        var models: Set<String> = []
        for file in files {
            let components = file.standardizedFileURL.pathComponents
            if let bundle = components.firstIndex(where: { $0.hasSuffix(".xcdatamodeld") }) {
                models.insert(NSString.path(withComponents: Array(components[...bundle])))
            } else if let model = components.firstIndex(where: { $0.hasSuffix(".xcdatamodel") }) {
                models.insert(NSString.path(withComponents: Array(components[...model])))
            }
        }
        return models.sorted().map { URL(fileURLWithPath: $0) }
    }
}

/// One run of a ckschema executable that a plugin performs: which tool, with which arguments, in which folder.
struct ToolInvocation: Equatable, CustomStringConvertible {
    /// The executable's name as the plugin asks its context for it (`ckschema`, `ckschema-check-code`).
    let tool: String
    let arguments: [String]
    /// The working directory: the package or project folder, so that its `ckschema.yaml` applies.
    let directory: URL

    var description: String { ([tool] + arguments).joined(separator: " ") }
}

/// The build command the build plugin declares for a target, before it becomes a `Command`.
struct BuildCommandPlan: Equatable {
    let displayName: String
    let tool: String
    let arguments: [String]
    let inputFiles: [URL]
    let outputFiles: [URL]
}
