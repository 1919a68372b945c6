public import Foundation
public import PackagePlugin

/// What a plugin is given about the Xcode project it runs in (`XcodeProjectPlugin.XcodePluginContext`).
public struct XcodePluginContext {
    public let xcodeProject: XcodeProject
    /// The deprecated `Path` form of `pluginWorkDirectoryURL`.
    public var pluginWorkDirectory: Path { Path(pluginWorkDirectoryURL.path) }
    public let pluginWorkDirectoryURL: URL
    private let tools: [String: URL]

    public init(xcodeProject: XcodeProject, pluginWorkDirectoryURL: URL, tools: [String: URL]) {
        self.xcodeProject = xcodeProject
        self.pluginWorkDirectoryURL = pluginWorkDirectoryURL
        self.tools = tools
    }

    /// The executable called `name` among the plugin's dependencies; the same `Tool` as in a package.
    public func tool(named name: String) throws -> PluginContext.Tool {
        try PluginContext.Tool.named(name, in: tools)
    }
}

/// The project (`XcodeProjectPlugin.XcodeProject`).
public struct XcodeProject {
    public let id: String
    public let displayName: String
    public var directory: Path { Path(directoryURL.path) }
    /// The folder holding the `.xcodeproj`.
    public let directoryURL: URL
    /// Every file the project refers to.
    public let filePaths: PathList
    public let targets: [XcodeTarget]

    public init(displayName: String, directoryURL: URL, targets: [XcodeTarget], filePaths: [URL] = []) {
        self.id = displayName
        self.displayName = displayName
        self.directoryURL = directoryURL
        self.targets = targets
        self.filePaths = PathList(filePaths.map { Path($0.path) })
    }
}

/// A target of the project (`XcodeProjectPlugin.XcodeTarget`).
public struct XcodeTarget {
    public let id: String
    public let displayName: String
    public let product: XcodeProduct?
    /// The files of the target's build phases, wherever they are in the project.
    public let inputFiles: FileList

    public init(displayName: String, product: XcodeProduct?, inputFiles: FileList) {
        self.id = displayName
        self.displayName = displayName
        self.product = product
        self.inputFiles = inputFiles
    }
}

/// What a target builds (`XcodeProjectPlugin.XcodeProduct`).
public struct XcodeProduct {
    public let id: String
    public let name: String
    public let kind: Kind

    public init(name: String, kind: Kind) {
        self.id = name
        self.name = name
        self.kind = kind
    }

    public enum Kind: Equatable {
        case application, executable, framework, library
        /// Any other product type, by its identifier (`com.apple.product-type.bundle.unit-test`).
        case other(String)
    }
}

/// A build-tool plugin in an Xcode target (`XcodeProjectPlugin.XcodeBuildToolPlugin`); unlike the package
/// form, not `async`.
public protocol XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command]
}

/// A command plugin run from Xcode's project menu (`XcodeProjectPlugin.XcodeCommandPlugin`); Xcode passes the
/// targets chosen in its dialog as `--target NAME`.
public protocol XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws
}
